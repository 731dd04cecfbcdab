import { isAllowed } from '@clinic/domain/rules/access';
import { API_KEYS_ACCESS } from '@clinic/domain/rules/route-access';
import { Anchor, Badge, Button, Card, CopyButton, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
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

function OrganizationTabs({ organizationId }: { organizationId: string }) {
  const organization = useOrganization();
  const invitations = useInvitations();
  const [tab, setTab] = useState<string | null>('overview');
  const pending = invitations.data?.filter((i) => i.status === 'Pending').length ?? 0;
  const org = organization.data!;
  const session = useSession();
  const mayManageKeys = isAllowed(session.data?.organizationUser ?? null, API_KEYS_ACCESS.manage);
  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Text size="sm" c="dimmed">
              Organization ID
            </Text>
            <Text ff="monospace" data-testid="organization-id">
              {organizationId}
            </Text>
            <Text size="sm" c="dimmed">
              Kiosks use this id as their clinic parameter, e.g. /kiosk?clinic={organizationId}
            </Text>
          </div>
          <CopyButton value={organizationId}>
            {({ copy }) => (
              <Button
                variant="default"
                onClick={() => {
                  copy();
                  notifications.show({ color: 'green', message: 'Organization ID copied to clipboard!' });
                }}
              >
                Copy
              </Button>
            )}
          </CopyButton>
        </Group>
      </Card>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab value="edit">Edit Organization</Tabs.Tab>
          <Tabs.Tab value="users">Users</Tabs.Tab>
          <Tabs.Tab
            value="invitations"
            rightSection={
              <Badge size="sm" color="blue.8" aria-label={`${pending} pending`}>
                {pending}
              </Badge>
            }
          >
            Invitations
          </Tabs.Tab>
          <Tabs.Tab value="clinics">Clinics</Tabs.Tab>
          <Tabs.Tab value="settings">Settings</Tabs.Tab>
          <Tabs.Tab value="activity">Activity</Tabs.Tab>
          <Tabs.Tab value="billing">Billing</Tabs.Tab>
          {mayManageKeys && <Tabs.Tab value="api-keys">API keys</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <OrganizationOverview organization={org} onEdit={() => setTab('edit')} />
        </Tabs.Panel>
        <Tabs.Panel value="edit" pt="md">
          <OrganizationForm organization={org} onDone={() => setTab('overview')} />
        </Tabs.Panel>
        <Tabs.Panel value="users" pt="md">
          <UsersTab />
        </Tabs.Panel>
        <Tabs.Panel value="invitations" pt="md">
          <InvitationsTab />
        </Tabs.Panel>
        <Tabs.Panel value="clinics" pt="md">
          <ClinicsTab organizationId={organizationId} />
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <Card withBorder>
            <Text>
              Security, notifications, integrations and billing details are kept on the{' '}
              <Anchor component={Link} to="/organization/settings">
                Organization Settings
              </Anchor>{' '}
              page.
            </Text>
          </Card>
        </Tabs.Panel>
        <Tabs.Panel value="activity" pt="md">
          <ActivityTab />
        </Tabs.Panel>
        <Tabs.Panel value="billing" pt="md">
          <BillingSummary organization={org} />
        </Tabs.Panel>
        {mayManageKeys && (
          <Tabs.Panel value="api-keys" pt="md">
            <ApiKeysPanel />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
