import { PERMISSIONS } from '@clinic/domain/rules/access';
import { findPlan } from '@clinic/domain/rules/plans';
import { Card, SimpleGrid, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { UserSettings } from '@clinic/domain/contracts/settings';
import { TIME_ZONE_LABELS } from '@clinic/domain/rules/settings';
import type { SessionContext } from '../../api/session';
import { formatDay } from '../../ui/date-format';
import { EmptyState } from '../../ui/EmptyState';

/** A section of the summary: a title and label/value rows. */
function Section({ title, rows }: { title: string; rows: Array<[string, ReactNode]> }) {
  return (
    <Card withBorder>
      <Title order={3} fz="h5" mb="xs">
        {title}
      </Title>
      <Table variant="vertical" withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="45%" fw={500} c="dimmed">
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

const orNotProvided = (v: string | null | undefined) => (v && v.trim() ? v : 'Not provided');
const dateOf = (iso: string | null | undefined) => formatDay(iso, 'numeric', 'Not provided');

const onOff = (v: boolean) => (v ? 'On' : 'Off');
const cap = (v: string) => v.charAt(0).toUpperCase() + v.slice(1);

/**
 * The Settings tab: the member's settings summary: their profile and the organization's settings,
 * plan and security facts from the session, and their personal preferences as stored (the
 * settings screen, `/settings`).
 */
export function SettingsTab({ session, settings: mine }: { session: SessionContext | null | undefined; settings: UserSettings | null }) {
  const member = session?.organizationUser;
  const organization = session?.organization;
  if (!session || !member || !organization) return <EmptyState title="No data yet" />;
  const settings = organization.settings;
  const granted = PERMISSIONS.filter((p) => member.permissions[p]).length;
  const name = [member.firstName, member.lastName].filter(Boolean).join(' ');
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Section
        title="Profile"
        rows={[
          ['Name', orNotProvided(name)],
          ['Email', member.email],
          ['Role', member.role],
          ['Department', orNotProvided(member.department)],
          ['Title', orNotProvided(member.title)],
        ]}
      />
      <Section
        title="Organization"
        rows={[
          ['Organization', organization.name],
          ['Type', organization.type],
          ['Status', organization.status],
          ['Clinic', session.clinic?.name ?? 'Not provided'],
        ]}
      />
      <Section
        title="Regional Settings"
        rows={[
          ['Time zone', settings.timezone],
          ['Language', settings.language],
          ['Date format', settings.dateFormat],
          ['Time format', settings.timeFormat],
        ]}
      />
      <Section
        title="Security"
        rows={[
          ['Session timeout', `${settings.sessionTimeoutMinutes} minutes`],
          ['Email verified', session.user.emailVerified ? 'Yes' : 'No'],
          ['Permissions', `${granted} of ${PERMISSIONS.length} granted`],
        ]}
      />
      <Section
        title="Billing"
        rows={[
          ['Plan', findPlan(organization.subscription.plan)?.name ?? 'No plan'],
          ['Subscription', organization.subscription.status],
          ['Trial ends', dateOf(organization.subscription.trialEndsAt)],
        ]}
      />
      {mine ? (
        <Section
          title="Personal Preferences"
          rows={[
            ['Theme', cap(mine.appearance.theme)],
            ['Color scheme', cap(mine.appearance.colorScheme)],
            ['Font size', cap(mine.appearance.fontSize)],
            ['Time format', mine.appearance.timeFormat],
            ['Time zone', TIME_ZONE_LABELS[mine.profile.timezone]],
            ['Quick actions', onOff(mine.preferences.dashboard.showQuickActions)],
            ['Recent activity', onOff(mine.preferences.dashboard.showRecentActivity)],
            ['Statistics', onOff(mine.preferences.dashboard.showStatistics)],
          ]}
        />
      ) : (
        <Card withBorder>
          <Title order={3} fz="h5" mb="xs">
            Personal Preferences
          </Title>
          <Text c="dimmed">No data yet</Text>
        </Card>
      )}
    </SimpleGrid>
  );
}
