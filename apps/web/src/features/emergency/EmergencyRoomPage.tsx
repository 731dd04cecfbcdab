import type { AlertDto, EmergencyDashboardDto, ErRiskAssessmentDto, VitalSignsRecordDto } from '@clinic/domain/contracts/emergency';
import { Anchor, Badge, Button, Center, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { TenantRef } from '../../api/tenant';
import { Clock } from '../../ui/Clock';
import { TimeText } from '../../ui/TimeText';
import { ErrorState } from '../../ui/StateScreens';
import { QueryState } from '../../ui/QueryState';
import { useAlertAction } from './api/alert-action';
import { emergencyKeys, useEmergencyDashboard, type EmergencySectionName } from '../../api/emergency-room';
import { useEmergencySection } from './api/get-emergency-section';
import { AlertsTab, OverviewTab } from './AlertTabs';
import { MetricsTab, PediatricTab, ProtocolsTab } from './EmergencyTabs';
import { IntegrationTab } from './IntegrationsTab';
import { MassCasualtyTab } from './MassCasualtyTab';
import { RiskTab, VitalsTab } from './RecordTabs';
import { useAppliedSettings } from '../../api/user-settings';

/**
 * The nine tabs, the section each reloads, and the dashboard field that section replaces. Vital
 * Signs and Risk Assessment have no field: the dashboard does not carry them, their section is
 * their only copy.
 */
const TABS = [
  { value: 'overview', label: 'Overview', section: null, field: null },
  { value: 'alerts', label: 'Alerts', section: 'alerts', field: 'alerts' },
  { value: 'protocols', label: 'Protocols', section: 'protocols', field: 'protocols' },
  { value: 'vitals', label: 'Vital Signs', section: 'vitals', field: null },
  { value: 'risk', label: 'Risk Assessment', section: 'risk-assessments', field: null },
  { value: 'pediatric', label: 'Pediatric Care', section: 'pediatric', field: 'pediatricPatients' },
  { value: 'mass-casualty', label: 'Mass Casualty', section: 'mass-casualty', field: 'massCasualtyEvents' },
  { value: 'metrics', label: 'Metrics', section: 'metrics', field: 'metrics' },
  { value: 'integration', label: 'Integration', section: 'integrations', field: 'integrations' },
] as const satisfies ReadonlyArray<{
  value: string;
  label: string;
  section: EmergencySectionName | null;
  field: keyof EmergencyDashboardDto | null;
}>;
type TabValue = (typeof TABS)[number]['value'];

/** The spec's message when the dashboard cannot be loaded. */
export const EMERGENCY_LOAD_FAILED = 'Failed to fetch emergency room data';

/** /emergency-room: the header and the nine tabs, on the live dashboard of the current clinic. */
export function EmergencyRoomPage() {
  const tenant: TenantRef = {};
  const timeFormat = useAppliedSettings().appearance.timeFormat;
  const [params, setParams] = useSearchParams();
  const wanted = params.get('tab');
  const tab: TabValue = TABS.find((t) => t.value === wanted)?.value ?? 'overview';
  const current = TABS.find((t) => t.value === tab)!;
  const client = useQueryClient();
  const dashboard = useEmergencyDashboard(tenant);
  // Selecting a tab other than Overview reloads its section; a failed reload keeps the dashboard's copy.
  const section = useEmergencySection<unknown>(tenant, current.section);
  // Alerts also have their own small reload, always on: a live event refreshes the list and the
  // badge in one short read while the whole board is still being read.
  const alerts = useEmergencySection<AlertDto[]>(tenant, 'alerts');
  const action = useAlertAction(tenant);
  // Refresh sets the last-updated time at once; a reload (live or refreshed) moves it on.
  const [refreshedAt, setRefreshedAt] = useState(0);
  const updatedAt = Math.max(refreshedAt, dashboard.dataUpdatedAt);
  const lastUpdated = updatedAt ? new Date(updatedAt) : null;

  const refresh = () => {
    setRefreshedAt(Date.now());
    void client.invalidateQueries({ queryKey: emergencyKeys.all });
  };

  if (dashboard.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading emergency room data" />
      </Center>
    );
  }
  if (dashboard.isError) return <ErrorState message={EMERGENCY_LOAD_FAILED} onRetry={() => void dashboard.refetch()} />;

  const data: EmergencyDashboardDto = { ...dashboard.data };
  if (current.field && section.isSuccess && section.data !== undefined) {
    (data as Record<string, unknown>)[current.field] = section.data;
  }
  if (alerts.isSuccess && alerts.dataUpdatedAt >= dashboard.dataUpdatedAt) data.alerts = alerts.data;
  const activeAlerts = data.alerts.filter((a) => a.status === 'ACTIVE').length;
  // The record tabs show their section alone: a loader until it comes, the error if it fails (there
  // is no dashboard copy to fall back on, and an empty table would say no records exist).
  const records = <T,>(render: (rows: T) => ReactNode) => (
    <QueryState query={section as UseQueryResult<T, Error>} loadingLabel={`Loading ${current.label}`} errorMessage={() => EMERGENCY_LOAD_FAILED}>
      {render}
    </QueryState>
  );
  const onAction = (alert: AlertDto, act: 'acknowledge' | 'resolve') => action.mutate({ id: alert.id, action: act });
  const actions = { onAction, busy: action.isPending };
  const { facility } = data;
  // Only the open tab's panel is built (the section read is that tab's).
  const panels: Record<TabValue, () => ReactNode> = {
    overview: () => (
      <OverviewTab
        alerts={data.alerts}
        patients={data.highRiskPatients}
        events={data.massCasualtyEvents}
        pediatric={data.pediatricPatients}
        {...actions}
      />
    ),
    alerts: () => <AlertsTab alerts={data.alerts} {...actions} />,
    protocols: () => <ProtocolsTab protocols={data.protocols} />,
    vitals: () => records<VitalSignsRecordDto[]>((vitals) => <VitalsTab vitals={vitals} />),
    risk: () => records<ErRiskAssessmentDto[]>((assessments) => <RiskTab assessments={assessments} />),
    pediatric: () => <PediatricTab patients={data.pediatricPatients} />,
    'mass-casualty': () => <MassCasualtyTab events={data.massCasualtyEvents} tenant={tenant} />,
    metrics: () => <MetricsTab metrics={data.metrics} />,
    integration: () => <IntegrationTab integrations={data.integrations} tenant={tenant} />,
  };

  return (
    <Stack maw={1400} mx="auto">
      <Group justify="space-between" align="flex-start">
        <div>
          <Anchor component={Link} to="/dashboard" size="sm">
            Back to Dashboard
          </Anchor>
          <Title order={1}>Emergency Room</Title>
          <Text fw={600}>{facility.name}</Text>
          <Text size="sm">
            {facility.level ?? 'Emergency level not set'} · Facility ID: {facility.facilityId ?? 'Not set'}
          </Text>
        </div>
        <Stack gap={4} align="flex-end">
          <Clock timeFormat={timeFormat} />
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              Last updated: <TimeText value={lastUpdated} />
            </Text>
            <Button size="xs" variant="light" onClick={refresh}>
              Refresh
            </Button>
          </Group>
        </Stack>
      </Group>
      {action.isError && <ErrorState message={action.error.message} />}
      <Tabs
        value={tab}
        keepMounted={false}
        onChange={(value) => {
          const next = new URLSearchParams(params);
          if (!value || value === 'overview') next.delete('tab');
          else next.set('tab', value);
          // Selecting a tab reloads its section, even one already on screen (the alerts are always read).
          const section = TABS.find((t) => t.value === value)?.section;
          if (section) void client.invalidateQueries({ queryKey: emergencyKeys.section(tenant, section), exact: true });
          setParams(next, { replace: true });
        }}
      >
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Tab
              key={t.value}
              value={t.value}
              rightSection={
                t.value === 'alerts' && activeAlerts > 0 ? (
                  <Badge size="sm" color="red.9" c="white" circle aria-label={`${activeAlerts} active alerts`} data-testid="active-alerts-badge">
                    {activeAlerts}
                  </Badge>
                ) : undefined
              }
            >
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Panel key={t.value} value={t.value} pt="md">
            {t.value === tab && panels[t.value]()}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
