import type { OrgInfo } from '@clinic/domain/contracts/settings';
import { isAllowed, type AccessRequirement, type AccessSubject } from '@clinic/domain/rules/access';
import { ANALYTICS_ACCESS, ORGANIZATIONS_ACCESS, SETTINGS_ACCESS } from '@clinic/domain/rules/route-access';
import { Alert, Anchor, Button, Group as Row, NumberInput, SimpleGrid, Stack, Switch, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TimeText } from '../../../ui/TimeText';
import { StatCard } from '../../../ui/StatCard';
import { useMemberStats } from '../api/get-member-stats';
import { useSaveIntegration, type IntegrationKey } from '../api/save-integration';
import { EpicIntegration } from './EpicIntegration';
import { OrganizationSwitch } from './OrganizationSwitch';
import type { SettingsForm } from '../settings-form';
import { Group } from './PersonalCategories';

const OTHER_INTEGRATIONS: Array<[key: IntegrationKey, label: string]> = [
  ['emr', 'EMR'],
  ['lab', 'Lab system'],
  ['radiology', 'Radiology'],
];

/** The quick actions, each to where it works and shown only to those allowed there. */
const QUICK_ACTIONS: Array<{ label: string; to: string; rule: AccessRequirement }> = [
  { label: 'Manage Users', to: '/organization', rule: ORGANIZATIONS_ACCESS.dashboard },
  { label: 'Organization Settings', to: '/organization/settings', rule: ORGANIZATIONS_ACCESS.settingsPage },
  { label: 'Invite User', to: '/organization?invite=1', rule: ORGANIZATIONS_ACCESS.dashboard },
  { label: 'View Reports', to: '/analytics', rule: ANALYTICS_ACCESS.view },
];

/**
 * EMR, lab system and radiology: switched on or off for the organization by its Admins (saved at
 * once, as /organization/settings saves them, where their system name and endpoint are set);
 * shown read-only to everyone else.
 */
function Integrations({ info, canEdit }: { info: OrgInfo | undefined; canEdit: boolean }) {
  const save = useSaveIntegration();
  return (
    <>
      {OTHER_INTEGRATIONS.map(([key, label]) => (
        <Switch
          key={key}
          label={label}
          checked={info?.integrations[key] ?? false}
          readOnly={!canEdit}
          disabled={!canEdit || !info || (save.isPending && save.variables?.key === key)}
          onChange={(e) => save.mutate({ key, enabled: e.currentTarget.checked })}
        />
      ))}
      {save.isError && (
        <Alert color="red" title="Could not save the integration">
          {save.error.message}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        {canEdit ? 'Their system name and endpoint are set in ' : 'EMR, lab system and radiology are set by Admins in '}
        <Anchor component={Link} to="/organization/settings" underline="always">
          Organization Settings
        </Anchor>
        .
      </Text>
    </>
  );
}

/**
 * System: the organization's facts and the Switch, user statistics, the quick actions (each to
 * where it works, hidden from those not allowed there), integrations and performance.
 */
export function SystemCategory({ form, info, member }: { form: SettingsForm; info: OrgInfo | undefined; member: AccessSubject | null }) {
  const stats = useMemberStats();
  const may = (rule: AccessRequirement) => isAllowed(member, rule);
  const perf = form.getValues().system.performance;
  const facts: Array<[string, ReactNode]> = [
    ['Current organization', info?.name ?? '—'],
    ['Type', info?.type ?? '—'],
    ['Plan', info?.plan ?? '—'],
    ['Role', info?.role ?? '—'],
    ['Department', info?.department ?? 'Not provided'],
    ['Last login', <TimeText key="last-login" value={info?.lastLogin} date="numeric" fallback="Never" />],
  ];
  return (
    <Stack>
      <Group title="Organization">
        <Table variant="vertical" withRowBorders={false}>
          <Table.Tbody>
            {facts.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w="40%">{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <div>
          <OrganizationSwitch />
        </div>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <StatCard label="Total Users" value={stats.data?.totalUsers ?? 0} loading={stats.isPending} />
        <StatCard label="Active Users" value={stats.data?.activeUsers ?? 0} loading={stats.isPending} />
        <StatCard label="Pending Invites" value={stats.data?.pendingInvites ?? 0} loading={stats.isPending} />
      </SimpleGrid>
      <Group title="Quick Actions">
        <Row>
          {QUICK_ACTIONS.filter((a) => may(a.rule)).map((a) => (
            <Button key={a.label} component={Link} to={a.to} variant="light">
              {a.label}
            </Button>
          ))}
        </Row>
      </Group>
      <Group title="Integrations">
        <Integrations info={info} canEdit={may(ORGANIZATIONS_ACCESS.settingsPage)} />
        {info && <EpicIntegration epic={info.epic} bearerTokenSet={info.epicBearerTokenSet} canEdit={may(SETTINGS_ACCESS.integrations)} />}
      </Group>
      <Group title="Performance">
        <Switch label="Caching" {...form.getInputProps('system.performance.cacheEnabled', { type: 'checkbox' })} />
        <NumberInput
          label="Cache duration (minutes)"
          min={1}
          max={1440}
          {...form.getInputProps('system.performance.cacheDuration')}
          disabled={!perf.cacheEnabled}
        />
      </Group>
    </Stack>
  );
}

/** Organization: the organization this member's settings belong to, and where it is administered. */
export function OrganizationCategory({ info, member }: { info: OrgInfo | undefined; member: AccessSubject | null }) {
  return (
    <Group title="Organization">
      <Text>
        {info?.name ?? '—'} ({info?.type ?? '—'}, {info?.plan ?? '—'})
      </Text>
      <Text size="sm">Session timeout: {info?.sessionTimeoutMinutes ?? 30} minutes</Text>
      {isAllowed(member, ORGANIZATIONS_ACCESS.settingsPage) ? (
        <Anchor component={Link} to="/organization/settings">
          Organization Settings
        </Anchor>
      ) : (
        <Text size="sm" c="dimmed">
          The organization's settings are managed by its Admins.
        </Text>
      )}
    </Group>
  );
}
