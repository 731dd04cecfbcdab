import type {
  AlertDto,
  ErMetricsDto,
  ErPatientDto,
  ErRiskAssessmentDto,
  MassCasualtyEventDto,
  PediatricPatientDto,
  ProtocolDto,
  VitalSignsRecordDto,
} from '@clinic/domain/contracts/emergency';
import { Accordion, Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { StatCard } from '../../ui/StatCard';
import { StatusChip } from '../../ui/StatusChip';
import { TimeText } from '../../ui/TimeText';
import { alertStatusTone, eventStatusTone, orNoData, Sparkline, timeOf, TRIAGE_TONES } from './display';

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
    </Group>
  );
}

type AlertActionProps = { onAction: (alert: AlertDto, action: 'acknowledge' | 'resolve') => void; busy: boolean };

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

/** Protocols: the catalogue with numbered steps. */
export function ProtocolsTab({ protocols }: { protocols: ProtocolDto[] }) {
  if (!protocols.length) return <Text c="dimmed">No protocols yet.</Text>;
  return (
    <Accordion variant="separated">
      {protocols.map((p) => (
        <Accordion.Item key={p.id} value={p.id}>
          <Accordion.Control>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{p.name}</Text>
              <Group gap="xs">
                <Badge variant="light" c="dark.8">
                  {p.category}
                </Badge>
                <Text size="sm">{p.estimatedTime} min</Text>
                <Text size="sm">{p.requiredResources.length} resources</Text>
                <Text size="sm">{p.steps.length} steps</Text>
              </Group>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Text size="sm" mb="xs">
              {p.description}
            </Text>
            {p.requiredResources.length > 0 && (
              <Text size="sm" mb="xs">
                Resources: {p.requiredResources.join(', ')}
              </Text>
            )}
            <List type="ordered" spacing={4}>
              {p.steps.map((s) => (
                <List.Item key={s.id}>
                  <Group gap="xs">
                    <Text size="sm">
                      {s.stepNumber}. {s.description} ({s.duration} s)
                    </Text>
                    {s.critical && <StatusChip status="CRITICAL" size="xs" />}
                  </Group>
                </List.Item>
              ))}
            </List>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

const vitalsColumns: DataTableColumn<VitalSignsRecordDto>[] = [
  { key: 'patient', header: 'Patient', cell: (v) => v.patientName },
  {
    key: 'hr',
    header: 'Heart rate (BPM)',
    cell: (v) => (
      <Group gap={6} wrap="nowrap">
        {v.heartRate ?? '—'}
        <Sparkline values={v.trends.heartRate} label={`${v.patientName} heart rate`} />
      </Group>
    ),
  },
  {
    key: 'bp',
    header: 'Blood pressure',
    cell: (v) => (
      <Group gap={6} wrap="nowrap">
        {v.bloodPressure.systolic ?? '—'}/{v.bloodPressure.diastolic ?? '—'}
        <Sparkline values={v.trends.bloodPressure.map((b) => b.systolic)} label={`${v.patientName} systolic pressure`} />
      </Group>
    ),
  },
  { key: 'temp', header: 'Temperature (°F)', cell: (v) => v.temperature ?? '—' },
  {
    key: 'spo2',
    header: 'Oxygen saturation (%)',
    cell: (v) => (
      <Group gap={6} wrap="nowrap">
        {v.oxygenSaturation ?? '—'}
        <Sparkline values={v.trends.oxygenSaturation} label={`${v.patientName} oxygen saturation`} />
      </Group>
    ),
  },
  { key: 'rr', header: 'Respiratory rate', cell: (v) => v.respiratoryRate ?? '—' },
  { key: 'pain', header: 'Pain', cell: (v) => v.painScore ?? '—' },
  { key: 'gcs', header: 'GCS', cell: (v) => v.gcsScore ?? '—' },
  { key: 'news2', header: 'NEWS2', cell: (v) => v.news2Score ?? '—' },
  { key: 'time', header: 'Time', cell: (v) => timeOf(v.timestamp) },
];

/** Vital Signs: every record of the open entries, newest first, with trends. */
export function VitalsTab({ vitals }: { vitals: VitalSignsRecordDto[] }) {
  return (
    <DataTable
      label="Vital signs"
      columns={vitalsColumns}
      rows={vitals}
      rowKey={(v) => v.id}
      emptyText="No vital signs recorded"
      minWidth={1000}
      pageSize={25}
    />
  );
}

const riskColumns: DataTableColumn<ErRiskAssessmentDto>[] = [
  { key: 'patient', header: 'Patient', cell: (a) => a.patientName ?? '—' },
  { key: 'type', header: 'Assessment', cell: (a) => a.assessmentType },
  { key: 'score', header: 'Risk score', cell: (a) => `${a.riskScore}/100`, sortValue: (a) => a.riskScore },
  { key: 'level', header: 'Level', cell: (a) => <StatusChip status={a.riskLevel} /> },
  { key: 'factors', header: 'Risk factors', cell: (a) => (a.riskFactors.length ? a.riskFactors.join('; ') : 'None') },
  { key: 'recommendations', header: 'AI recommendations', cell: (a) => (a.recommendations.length ? a.recommendations.join('; ') : 'None') },
  { key: 'by', header: 'Assessed by', cell: (a) => a.assessedBy },
  { key: 'time', header: 'Time', cell: (a) => timeOf(a.timestamp), sortValue: (a) => a.timestamp },
];

/** Risk Assessment: every stored scoring. */
export function RiskTab({ assessments }: { assessments: ErRiskAssessmentDto[] }) {
  return (
    <DataTable
      label="Risk assessments"
      columns={riskColumns}
      rows={assessments}
      rowKey={(a) => a.id}
      emptyText="No risk assessments"
      minWidth={1100}
      pageSize={25}
    />
  );
}

/** Pediatric Care: open entries of patients under 18. */
export function PediatricTab({ patients }: { patients: PediatricPatientDto[] }) {
  if (!patients.length) return <Text c="dimmed">No pediatric patients.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {patients.map((p) => (
        <Card key={p.id} withBorder role="group" aria-label={p.patientName}>
          <Group justify="space-between">
            <Text fw={600}>{p.patientName}</Text>
            <StatusChip status={p.priority} />
          </Group>
          <Text size="sm">Age: {p.age}</Text>
          <Text size="sm">Weight: {p.weight === null ? 'Not recorded' : `${p.weight} kg`}</Text>
          <Text size="sm">Pediatric score: {p.pediatricScore}/100</Text>
          <Text size="sm">{p.chiefComplaint}</Text>
          <Text size="sm" c="dimmed">
            {p.location}
          </Text>
          <Group gap="xs" mt="xs">
            <Badge variant="light" c="dark.8">
              Pediatric Care
            </Badge>
            {p.parentPresent ? (
              <Badge variant="light" color="teal" c="dark.8">
                Parent Present
              </Badge>
            ) : (
              <Text size="xs" c="dimmed">
                {p.parentPresent === false ? 'No parent present' : 'Parent presence not recorded'}
              </Text>
            )}
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** Metrics: today's figures. */
export function MetricsTab({ metrics }: { metrics: ErMetricsDto }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }}>
      <StatCard label="Total Patients Today" value={metrics.totalPatients} />
      <StatCard label="Critical Patients" value={metrics.criticalPatients} color="red.9" />
      <StatCard label="Average Wait" value={orNoData(metrics.averageWaitTime)} hint="minutes" />
      <StatCard label="Average Treatment Time" value={orNoData(metrics.averageTreatmentTime)} hint="minutes" />
      <StatCard label="Bed Occupancy" value={orNoData(metrics.bedOccupancy, '%')} />
      <StatCard label="Staff Utilization" value={orNoData(metrics.staffUtilization, '%')} />
      <StatCard label="Patient Satisfaction" value={metrics.patientSatisfaction === null ? 'No data' : `${metrics.patientSatisfaction}/5`} />
      <StatCard label="Mortality Rate" value={orNoData(metrics.mortalityRate, '%')} />
      <StatCard label="Readmission Rate" value={orNoData(metrics.readmissionRate, '%')} />
      <StatCard label="Throughput" value={metrics.throughput} hint="patients per hour" />
      <StatCard label="Door-to-Provider (median)" value={orNoData(metrics.doorToProviderMinutes)} hint="minutes" />
      <StatCard label="Left Without Being Seen" value={metrics.leftWithoutBeingSeen} />
    </SimpleGrid>
  );
}

/** One mass-casualty event with its colour counts. */
export function MassCasualtyCard({ event, onClose, busy }: { event: MassCasualtyEventDto; onClose: () => void; busy: boolean }) {
  return (
    <Card withBorder role="group" aria-label={`Mass casualty event ${event.eventType}`}>
      <Group justify="space-between">
        <Text fw={600}>{event.eventType}</Text>
        <Group gap="xs">
          <StatusChip status={event.severity} />
          <StatusChip status={event.status} tone={eventStatusTone(event.status)} />
        </Group>
      </Group>
      <Text size="sm">Patients: {event.patientCount}</Text>
      <Text size="sm">Expected arrivals: {event.expectedArrivals}</Text>
      <Text size="sm">
        Incident time: <TimeText value={event.timestamp} date="numeric" />
      </Text>
      <Group gap="xs" mt="xs">
        <Text size="sm">Triage status:</Text>
        {event.triageStatus ? <StatusChip status={event.triageStatus} tone={TRIAGE_TONES[event.triageStatus]} /> : <Text size="sm">None yet</Text>}
      </Group>
      <Group gap="xs" mt="xs" aria-label="Triage counts">
        {(['RED', 'YELLOW', 'GREEN', 'BLACK'] as const).map((c) => (
          <StatusChip key={c} status={c} tone={TRIAGE_TONES[c]}>
            {c} {event.triageCounts[c]}
          </StatusChip>
        ))}
      </Group>
      {event.resourcesNeeded.length > 0 && (
        <Text size="sm" mt="xs">
          Resources needed: {event.resourcesNeeded.join(', ')}
        </Text>
      )}
      {event.status === 'ACTIVE' && (
        <Button mt="sm" size="xs" variant="light" onClick={onClose} disabled={busy} aria-label={`Close event ${event.eventType}`}>
          Close Event
        </Button>
      )}
    </Card>
  );
}
