import { PERMISSIONS } from '@clinic/domain/rules/access';
import { findPlan } from '@clinic/domain/rules/plans';
import { Card, SimpleGrid, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SessionContext } from '../../api/session';
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
              <Table.Th w="45%" fw={500} c="gray.7">
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
const dateOf = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString() : 'Not provided');

/**
 * The Settings tab: the member's settings summary from what the platform stores today. There is
 * no personal settings storage yet (the settings screen lands later), so the summary is the
 * member's profile and the organization's settings, plan and security facts from the session;
 * personal preferences say "No data yet".
 */
export function SettingsTab({ session }: { session: SessionContext | null | undefined }) {
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
      <Card withBorder>
        <Title order={3} fz="h5" mb="xs">
          Personal Preferences
        </Title>
        <Text c="gray.7">No data yet</Text>
      </Card>
    </SimpleGrid>
  );
}
