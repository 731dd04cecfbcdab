import type { OrgInfo, UserSettings } from '@clinic/domain/contracts/settings';
import { isAllowed, type AccessSubject } from '@clinic/domain/rules/access';
import { ANALYTICS_ACCESS, ORGANIZATIONS_ACCESS, SETTINGS_ACCESS } from '@clinic/domain/rules/route-access';
import { Alert, Anchor, Button, Group as Row, NumberInput, SimpleGrid, Stack, Switch, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useFormatTime } from '../../../ui/time-format';
import { StatCard } from '../../../ui/StatCard';
import { useMemberStats } from '../api/get-member-stats';
import { useSaveIntegration, type IntegrationKey } from '../api/save-integration';
import { EpicIntegration } from './EpicIntegration';
import { OrganizationSwitch } from './OrganizationSwitch';
import { Group, type Edit } from './PersonalCategories';

const OTHER_INTEGRATIONS: Array<[key: IntegrationKey, label: string]> = [
  ['emr', 'EMR'],
  ['lab', 'Lab system'],
  ['radiology', 'Radiology'],
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
export function SystemCategory({
  s,
  edit,
  info,
  member,
}: {
  s: UserSettings;
  edit: Edit;
  info: OrgInfo | undefined;
  member: AccessSubject | null;
}) {
  const stats = useMemberStats();
  const formatTime = useFormatTime();
  const may = (rule: Parameters<typeof isAllowed>[1]) => isAllowed(member, rule);
  const perf = s.system.performance;
  const facts: Array<[string, string]> = [
    ['Current organization', info?.name ?? '—'],
    ['Type', info?.type ?? '—'],
    ['Plan', info?.plan ?? '—'],
    ['Role', info?.role ?? '—'],
    ['Department', info?.department ?? 'Not provided'],
    ['Last login', info?.lastLogin ? formatTime(info.lastLogin, { date: 'numeric' }) : 'Never'],
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
          {may(ORGANIZATIONS_ACCESS.dashboard) && (
            <Button component={Link} to="/organization" variant="light">
              Manage Users
            </Button>
          )}
          {may(ORGANIZATIONS_ACCESS.settingsPage) && (
            <Button component={Link} to="/organization/settings" variant="light">
              Organization Settings
            </Button>
          )}
          {may(ORGANIZATIONS_ACCESS.dashboard) && (
            <Button component={Link} to="/organization?invite=1" variant="light">
              Invite User
            </Button>
          )}
          {may(ANALYTICS_ACCESS.view) && (
            <Button component={Link} to="/analytics" variant="light">
              View Reports
            </Button>
          )}
        </Row>
      </Group>
      <Group title="Integrations">
        <Integrations info={info} canEdit={may(ORGANIZATIONS_ACCESS.settingsPage)} />
        {info && <EpicIntegration epic={info.epic} bearerTokenSet={info.epicBearerTokenSet} canEdit={may(SETTINGS_ACCESS.integrations)} />}
      </Group>
      <Group title="Performance">
        <Switch
          label="Caching"
          checked={perf.cacheEnabled}
          onChange={(e) => edit((d) => void (d.system.performance.cacheEnabled = e.currentTarget.checked))}
        />
        <NumberInput
          label="Cache duration (minutes)"
          min={1}
          max={1440}
          value={perf.cacheDuration}
          disabled={!perf.cacheEnabled}
          onChange={(v) => typeof v === 'number' && edit((d) => void (d.system.performance.cacheDuration = v))}
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
