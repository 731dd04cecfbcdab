import { isAllowed } from '@clinic/domain/rules/access';
import { API_KEYS_ACCESS } from '@clinic/domain/rules/route-access';
import { Anchor, Badge, Card, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../api/session';
import { QueryState } from '../../ui/QueryState';
import { useInvitations } from './api/get-invitations';
import { useOrganization } from './api/get-organization';
import { ActivityTab } from './components/ActivityTab';
import { ApiKeysPanel } from './components/ApiKeysPanel';
import { BillingSummary } from './components/BillingSummary';
import { ClinicsTab } from './components/ClinicsTab';
import { InvitationsTab } from './components/InvitationsTab';
import { OrganizationForm } from './components/OrganizationForm';
import { OrganizationIdCard } from './components/OrganizationIdCard';
import { OrganizationOverview } from './components/OrganizationOverview';
import { UsersTab } from './components/UsersTab';

/**
 * The organization dashboard (`/organization`, Owner): the create form when there is no
 * organization; otherwise its id with Copy, and the tabs Overview, Edit Organization, Users,
 * Invitations, Clinics, Settings, Activity, Billing and, for Admins, API keys.
 */
export function OrganizationPage() {
  const organization = useOrganization();
  return (
    <Stack gap="md">
      <Title order={1}>Organization</Title>
      <QueryState query={organization} loadingLabel="Loading organization">
        {(org) => (org ? <OrganizationTabs organizationId={org.id} /> : <OrganizationForm organization={null} />)}
      </QueryState>
    </Stack>
  );
}

/** A tab of the dashboard: its name, an optional count beside it, and its panel. */
interface OrganizationTab {
  value: string;
  label: string;
  rightSection?: ReactNode;
  panel: ReactNode;
}

function OrganizationTabs({ organizationId }: { organizationId: string }) {
  const organization = useOrganization();
  const invitations = useInvitations();
  const [tab, setTab] = useState<string | null>('overview');
  const pending = invitations.data?.filter((i) => i.status === 'Pending').length ?? 0;
  const org = organization.data!;
  const session = useSession();
  const mayManageKeys = isAllowed(session.data?.organizationUser ?? null, API_KEYS_ACCESS.manage);
  const tabs: OrganizationTab[] = [
    { value: 'overview', label: 'Overview', panel: <OrganizationOverview organization={org} onEdit={() => setTab('edit')} /> },
    { value: 'edit', label: 'Edit Organization', panel: <OrganizationForm organization={org} onDone={() => setTab('overview')} /> },
    { value: 'users', label: 'Users', panel: <UsersTab /> },
    {
      value: 'invitations',
      label: 'Invitations',
      rightSection: (
        <Badge size="sm" color="blue.8" aria-label={`${pending} pending`}>
          {pending}
        </Badge>
      ),
      panel: <InvitationsTab />,
    },
    { value: 'clinics', label: 'Clinics', panel: <ClinicsTab organizationId={organizationId} /> },
    {
      value: 'settings',
      label: 'Settings',
      panel: (
        <Card withBorder>
          <Text>
            Security, notifications, integrations and billing details are kept on the{' '}
            <Anchor component={Link} to="/organization/settings">
              Organization Settings
            </Anchor>{' '}
            page.
          </Text>
        </Card>
      ),
    },
    { value: 'activity', label: 'Activity', panel: <ActivityTab /> },
    { value: 'billing', label: 'Billing', panel: <BillingSummary organization={org} /> },
    ...(mayManageKeys ? [{ value: 'api-keys', label: 'API keys', panel: <ApiKeysPanel /> }] : []),
  ];
  return (
    <Stack gap="md">
      <OrganizationIdCard organizationId={organizationId} />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value} rightSection={t.rightSection}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((t) => (
          <Tabs.Panel key={t.value} value={t.value} pt="md">
            {t.panel}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
