import type { AlertDto, ErPatientDto, MassCasualtyEventDto, PediatricPatientDto } from '@clinic/domain/contracts/emergency';
import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { PageAction } from '../../ui/page-action';
import { StatCard } from '../../ui/StatCard';
import { StatusChip } from '../../ui/StatusChip';
import { alertStatusTone, timeOf } from './display';

/** Acknowledge and Resolve of one alert, as its status allows. */
export function AlertActions({ alert, onAction, busy }: { alert: AlertDto; onAction: (action: 'acknowledge' | 'resolve') => void; busy: boolean }) {
  if (alert.status === 'RESOLVED') return null;
  const who = alert.patientName ?? alert.type;
  return (
    <Group gap="xs" wrap="nowrap">
      {alert.status === 'ACTIVE' && (
        <Button size="xs" variant="light" onClick={() => onAction('acknowledge')} disabled={busy} aria-label={`Acknowledge alert: ${who}`}>
          Acknowledge
        </Button>
      )}
      <Button size="xs" variant="outline" color="teal.9" onClick={() => onAction('resolve')} disabled={busy} aria-label={`Resolve alert: ${who}`}>
        Resolve
      </Button>
      <PageAction
        size="xs"
        variant="outline"
        patientId={alert.patientId}
        patientName={alert.patientName}
        queueEntryId={alert.queueEntryId}
        alertId={alert.id}
        message={alert.message}
        ariaLabel={`Page about alert: ${who}`}
      />
    </Group>
  );
}

export type AlertActionProps = { onAction: (alert: AlertDto, action: 'acknowledge' | 'resolve') => void; busy: boolean };

function alertColumns({ onAction, busy }: AlertActionProps, withStatus: boolean): DataTableColumn<AlertDto>[] {
  return [
    { key: 'type', header: 'Type', cell: (a) => a.type },
    { key: 'severity', header: 'Severity', cell: (a) => <StatusChip status={a.severity} />, sortValue: (a) => a.priority },
    { key: 'priority', header: 'Priority', cell: (a) => a.priority, sortValue: (a) => a.priority },
    ...(withStatus
      ? [{ key: 'status', header: 'Status', cell: (a: AlertDto) => <StatusChip status={a.status} tone={alertStatusTone(a.status)} /> }]
      : []),
    { key: 'time', header: 'Time', cell: (a) => timeOf(a.timestamp), sortValue: (a) => a.timestamp },
    {
      key: 'message',
      header: 'Message',
      cell: (a) => (
        <Stack gap={2}>
          <Text size="sm">{a.message}</Text>
          {a.protocolName && (
            <Text size="xs" c="dimmed">
              Protocol: {a.protocolName}
            </Text>
          )}
          {a.acknowledgedBy && (
            <Text size="xs" c="dimmed">
              Acknowledged by {a.acknowledgedBy} at {timeOf(a.acknowledgedAt)}
            </Text>
          )}
          {a.resolvedBy && (
            <Text size="xs" c="dimmed">
              Resolved by {a.resolvedBy} at {timeOf(a.resolvedAt)}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'patient', header: 'Patient', cell: (a) => a.patientName ?? '—' },
    { key: 'location', header: 'Location', cell: (a) => a.location ?? '—' },
    { key: 'actions', header: 'Actions', cell: (a) => <AlertActions alert={a} busy={busy} onAction={(action) => onAction(a, action)} /> },
  ];
}

const riskPatientColumns: DataTableColumn<ErPatientDto>[] = [
  { key: 'id', header: 'Queue #', cell: (p) => p.queueNumber },
  { key: 'patient', header: 'Patient', cell: (p) => p.patientName },
  { key: 'score', header: 'Risk score', cell: (p) => `${p.riskScore}/100`, sortValue: (p) => p.riskScore },
  { key: 'level', header: 'Level', cell: (p) => <StatusChip status={p.riskLevel} /> },
  { key: 'outcome', header: 'Predicted outcome', cell: (p) => p.predictedOutcome },
  {
    key: 'ttt',
    header: 'Time to treatment',
    cell: (p) =>
      p.timeToTreatment === null ? (
        '—'
      ) : (
        <Text size="sm" c={p.timeToTreatment < 0 ? 'red.9' : undefined} fw={p.timeToTreatment < 0 ? 700 : undefined}>
          {p.timeToTreatment} min
        </Text>
      ),
    sortValue: (p) => p.timeToTreatment ?? Infinity,
  },
  { key: 'location', header: 'Location', cell: (p) => p.location },
  { key: 'complaint', header: 'Chief complaint', cell: (p) => p.chiefComplaint },
];

/** Overview: four tiles, the active alerts and the high-risk patients. */
export function OverviewTab({
  alerts,
  patients,
  events,
  pediatric,
  ...actions
}: { alerts: AlertDto[]; patients: ErPatientDto[]; events: MassCasualtyEventDto[]; pediatric: PediatricPatientDto[] } & AlertActionProps) {
  const active = alerts.filter((a) => a.status === 'ACTIVE');
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <StatCard label="Critical Alerts" value={alerts.filter((a) => a.severity === 'CRITICAL' && a.status !== 'RESOLVED').length} color="red.9" />
        <StatCard label="High-Risk Patients" value={patients.length} color="orange.9" />
        <StatCard label="Mass Casualty Events" value={events.filter((e) => e.status === 'ACTIVE').length} />
        <StatCard label="Pediatric Patients" value={pediatric.length} />
      </SimpleGrid>
      <Title order={2} size="h3">
        Active Alerts
      </Title>
      <DataTable
        label="Active alerts"
        columns={alertColumns(actions, false)}
        rows={active}
        rowKey={(a) => a.id}
        emptyText="No active alerts"
        minWidth={900}
      />
      <Title order={2} size="h3">
        High-Risk Patients
      </Title>
      <DataTable
        label="High-risk patients"
        columns={riskPatientColumns}
        rows={patients}
        rowKey={(p) => p.id}
        emptyText="No high-risk patients"
        minWidth={900}
      />
    </Stack>
  );
}

/** Alerts: every alert with its status chip and actions. */
export function AlertsTab({ alerts, ...actions }: { alerts: AlertDto[] } & AlertActionProps) {
  return (
    <DataTable label="Alerts" columns={alertColumns(actions, true)} rows={alerts} rowKey={(a) => a.id} emptyText="No alerts" minWidth={1000} />
  );
}
