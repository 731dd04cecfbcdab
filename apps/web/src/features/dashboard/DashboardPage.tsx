import { Anchor, Button, Card, Group, Loader, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { isAllowed, type Permission } from '@clinic/domain/rules/access';
import { useSession } from '../../api/session';
import { useAppliedSettings } from '../../api/user-settings';
import { RecentActivity } from './RecentActivity';
import { Clock } from '../../ui/Clock';
import { StatCard } from '../../ui/StatCard';
import { useDashboardStats, ZERO_DASHBOARD_STATS } from './api/get-dashboard-stats';

// The tabs other than Overview load when first opened: the signed-in dashboard's first load stays in its budget.
const QueueTab = lazy(() => import('./QueueTab').then((m) => ({ default: m.QueueTab })));
const PatientsTab = lazy(() => import('./PatientsTab').then((m) => ({ default: m.PatientsTab })));
const AnalyticsTab = lazy(() => import('./AnalyticsTab').then((m) => ({ default: m.AnalyticsTab })));
const EmergencyTab = lazy(() => import('./EmergencyTab').then((m) => ({ default: m.EmergencyTab })));
const KioskTab = lazy(() => import('./KioskTab').then((m) => ({ default: m.KioskTab })));
const VisitorsTab = lazy(() => import('./VisitorsTab').then((m) => ({ default: m.VisitorsTab })));
const SettingsTab = lazy(() => import('./SettingsTab').then((m) => ({ default: m.SettingsTab })));

/** The eight quick actions of the Overview tab. */
const QUICK_ACTIONS = [
  { to: '/triage', label: 'AI Triage', description: 'Assess symptoms with AI assistance' },
  { to: '/queue', label: 'Queue Manager', description: 'Manage the risk-scored patient queue' },
  { to: '/patients', label: 'Patients', description: 'Search and manage patient records' },
  { to: '/analytics', label: 'Analytics', description: 'Review clinic performance' },
  { to: '/kiosk', label: 'Kiosk Mode', description: 'Open the self check-in kiosk' },
  { to: '/emergency-room', label: 'Emergency Room', description: 'Monitor the emergency room' },
  { to: '/emergency-kiosk', label: 'Emergency Kiosk', description: 'Open the emergency-room kiosk' },
  { to: '/visitors', label: 'Visitors', description: 'Check visitors in and out' },
] as const;

/** Links of each other tab, as the spec lists them. */
const TAB_LINKS: Record<string, Array<{ to: string; label: string }>> = {
  queue: [{ to: '/queue', label: 'Open Queue Manager' }],
  patients: [{ to: '/patients', label: 'Open Patient Management' }],
  analytics: [{ to: '/analytics', label: 'Open Analytics Dashboard' }],
  kiosk: [
    { to: '/kiosk', label: 'Open Check-In Kiosk' },
    { to: '/emergency-kiosk', label: 'Open Emergency Kiosk' },
  ],
  emergency: [
    { to: '/emergency-room', label: 'Open Emergency Room' },
    { to: '/emergency-kiosk', label: 'Open Emergency Kiosk' },
  ],
  visitors: [
    { to: '/visitors', label: 'Open Visitor Management' },
    { to: '/visitor-management', label: 'Visitor Management Console' },
  ],
  settings: [
    { to: '/settings', label: 'Settings' },
    { to: '/organization', label: 'Organization' },
    { to: '/organization/settings', label: 'Organization Settings' },
    { to: '/billing', label: 'Billing' },
    { to: '/pricing', label: 'Pricing' },
  ],
};

/** The eight tabs by value, in the spec's order. */
const TAB_LABELS = {
  overview: 'Overview',
  queue: 'Queue Manager',
  patients: 'Patients',
  analytics: 'Analytics',
  kiosk: 'Kiosk Mode',
  emergency: 'Emergency Room',
  visitors: 'Visitors',
  settings: 'Settings',
} as const;
const TABS = Object.entries(TAB_LABELS).map(([value, label]) => ({ value, label }));

/** The Overview's four figures; zeros when loading fails. */
function OverviewStats({ organizationId, clinicId }: { organizationId?: string; clinicId?: string }) {
  const query = useDashboardStats({ organizationId, clinicId });
  const stats = query.data ?? ZERO_DASHBOARD_STATS;
  const loading = Boolean(organizationId) && query.isPending;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} mb="lg">
      <StatCard label="Total Patients" value={stats.totalPatients} loading={loading} />
      <StatCard label="Active Queue" value={stats.activeQueue} loading={loading} />
      <StatCard label="Completed Today" value={stats.completedToday} loading={loading} />
      <StatCard label="Avg Wait Time" value={stats.avgWaitTime} hint="minutes" loading={loading} />
    </SimpleGrid>
  );
}

/** /dashboard: welcome line, clock and the eight tabs. */
export function DashboardPage() {
  const session = useSession();
  const email = session.data?.user.email;
  const organization = session.data?.organization;
  const tenant = { organizationId: organization?.id, clinicId: session.data?.clinic?.id };
  const can = (permission: Permission) => isAllowed(session.data?.organizationUser, { permission });
  const settings = useAppliedSettings();
  const show = settings.preferences.dashboard;
  return (
    <Stack maw={1200} mx="auto">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>Dashboard</Title>
          <Text>Welcome back, {email}</Text>
          {organization && (
            <Text size="sm" c="dimmed">
              {organization.name}
              {session.data?.clinic ? ` · ${session.data.clinic.name}` : ''}
            </Text>
          )}
        </div>
        <Clock timeFormat={settings.appearance.timeFormat} />
      </Group>
      {!organization && (
        <Card withBorder>
          <Text>You are not part of an organization yet.</Text>
          <Anchor component={Link} to="/login">
            Set up an organization
          </Anchor>
        </Card>
      )}
      <Tabs defaultValue="overview" keepMounted={false}>
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          {show.showStatistics && <OverviewStats organizationId={organization?.id} clinicId={session.data?.clinic?.id} />}
          {show.showQuickActions && (
            <>
              <Title order={2} fz="h3" mb="sm">
                Quick Actions
              </Title>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
                {QUICK_ACTIONS.map((a) => (
                  <Card key={a.to} withBorder component={Link} to={a.to} style={{ textDecoration: 'none' }}>
                    <Text fw={600}>{a.label}</Text>
                    <Text size="sm" c="dimmed">
                      {a.description}
                    </Text>
                  </Card>
                ))}
              </SimpleGrid>
            </>
          )}
          {organization && show.showRecentActivity && <RecentActivity tenant={tenant} />}
        </Tabs.Panel>
        {TABS.filter((t) => t.value !== 'overview').map((t) => (
          <Tabs.Panel key={t.value} value={t.value} pt="md">
            <Title order={2} fz="h3" mb="sm">
              {t.label}
            </Title>
            <Suspense fallback={<Loader size="sm" aria-label={`Loading ${t.label}`} />}>
              {t.value === 'queue' && <QueueTab tenant={tenant} allowed={can('canManageQueue')} />}
              {t.value === 'patients' && <PatientsTab tenant={tenant} allowed={can('canManagePatients')} />}
              {t.value === 'analytics' && organization && <AnalyticsTab tenant={tenant} />}
              {t.value === 'emergency' && <EmergencyTab tenant={tenant} allowed={can('canAccessEmergencyRoom')} />}
              {t.value === 'kiosk' && <KioskTab tenant={tenant} />}
              {t.value === 'visitors' && <VisitorsTab organizationId={tenant.organizationId} />}
              {t.value === 'settings' && <SettingsTab session={session.data} settings={organization ? settings : null} />}
            </Suspense>
            <Group mt="md">
              {TAB_LINKS[t.value].map((l) => (
                <Button key={l.to} component={Link} to={l.to} variant="light">
                  {l.label}
                </Button>
              ))}
            </Group>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
