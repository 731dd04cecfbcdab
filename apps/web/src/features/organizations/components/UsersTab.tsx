import { type MemberDto } from '@clinic/domain/contracts/organizations';
import { updateMemberBody } from '@clinic/domain/contracts/organization-bodies';
import { PERMISSIONS, ROLES, roleRank } from '@clinic/domain/rules/access';
import { Alert, Button, Checkbox, Divider, Drawer, Group, Modal, Select, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useSession } from '../../../api/session';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable';
import { QueryState } from '../../../ui/QueryState';
import { StatCard } from '../../../ui/StatCard';
import { StatusChip } from '../../../ui/StatusChip';
import { useMembers } from '../api/get-members';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateMember } from '../api/update-member';
import { TimeText } from '../../../ui/TimeText';
import { useZodForm } from '../../../ui/use-zod-form';
import { MemberSignInHelp } from './MemberSignInHelp';
import { memberName } from './member-name';

/** "canManageUsers" as "Manage users". */
const permissionLabel = (p: string) =>
  p
    .replace(/^can/, '')
    .replace(/([A-Z])/g, ' $1')
    .trim()
    .replace(/^\w/, (c) => c.toUpperCase())
    .replace(/ (\w)/g, (_m, c: string) => ` ${c.toLowerCase()}`);

/** The Users tab: the members with their counts; Manage opens the drawer. */
export function UsersTab() {
  const members = useMembers();
  const [managing, setManaging] = useState<MemberDto | null>(null);
  const columns: DataTableColumn<MemberDto>[] = [
    { key: 'name', header: 'Name', cell: memberName, sortValue: memberName },
    { key: 'email', header: 'Email', cell: (m) => m.email, sortValue: (m) => m.email },
    { key: 'role', header: 'Role', cell: (m) => m.role, sortValue: (m) => roleRank(m.role) },
    { key: 'status', header: 'Status', cell: (m) => <StatusChip status={m.status === 'active' ? 'Active' : m.status} /> },
    { key: 'lastLogin', header: 'Last Login', cell: (m) => <TimeText value={m.lastLogin} date="numeric" fallback="Never" /> },
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      cell: (m) => (
        <Button size="xs" variant="default" onClick={() => setManaging(m)} aria-label={`Manage ${memberName(m)}`}>
          Manage
        </Button>
      ),
    },
  ];
  return (
    <QueryState query={members} loadingLabel="Loading users">
      {(data) => (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <StatCard label="Total Users" value={data.stats.totalUsers} />
            <StatCard label="Active Users" value={data.stats.activeUsers} />
            <StatCard label="Pending Invites" value={data.stats.pendingInvites} />
          </SimpleGrid>
          <DataTable label="Users" columns={columns} rows={data.users} rowKey={(m) => m.id} emptyText="No users yet" />
          <MemberDrawer member={managing} onClose={() => setManaging(null)} />
        </Stack>
      )}
    </QueryState>
  );
}

/** Role, permission flags and status of one member, under the rank rules the server applies. */
function MemberDrawer({ member, onClose }: { member: MemberDto | null; onClose: () => void }) {
  return (
    <Drawer opened={member !== null} onClose={onClose} position="right" title={member ? `Manage ${memberName(member)}` : ''}>
      {member && <MemberForm key={member.id} member={member} onClose={onClose} />}
    </Drawer>
  );
}

function MemberForm({ member, onClose }: { member: MemberDto; onClose: () => void }) {
  const session = useSession();
  const myRole = session.data?.organizationUser?.role ?? 'Viewer';
  const isSelf = session.data?.user.id === member.userId;
  // The server's rank rule: below one's own role, any role for an Owner.
  const outranks = myRole === 'Owner' || roleRank(member.role) < roleRank(myRole);
  const update = useUpdateMember();
  // Only what changed is sent: the role if another, the flags if any differs.
  const form = useZodForm({
    schema: updateMemberBody,
    initialValues: { role: member.role, permissions: { ...member.permissions } as Record<string, boolean> },
    toInput: ({ role, permissions }) => ({
      ...(role !== member.role ? { role } : {}),
      ...(PERMISSIONS.some((p) => Boolean(permissions[p]) !== Boolean(member.permissions[p]))
        ? { permissions: Object.fromEntries(PERMISSIONS.map((p) => [p, Boolean(permissions[p])])) }
        : {}),
    }),
  });
  const [error, setError] = useState<string | null>(null);
  // Roles up to one's own (an Owner may give any); the server has the last word.
  const roles = ROLES.filter((r) => myRole === 'Owner' || roleRank(r) <= roleRank(myRole)).map((r) => ({ value: r, label: r }));
  const { role, permissions } = form.getValues();
  const changed = role !== member.role || PERMISSIONS.some((p) => Boolean(permissions[p]) !== Boolean(member.permissions[p]));

  const run = async (change: Parameters<typeof update.mutateAsync>[0], message: string) => {
    setError(null);
    try {
      await update.mutateAsync(change);
      notifications.show({ color: 'green', message });
      onClose();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const save = form.onSubmit((body) => run({ id: member.id, ...body }, 'Member updated'));

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {member.email}
      </Text>
      {(error ?? form.formError) && (
        <Alert color="red" role="alert">
          {error ?? form.formError}
        </Alert>
      )}
      <Select label="Role" data={roles} {...form.getInputProps('role')} allowDeselect={false} />
      <Stack gap={6} role="group" aria-label="Permissions">
        <Text fw={500} size="sm">
          Permissions
        </Text>
        {PERMISSIONS.map((p) => (
          <Checkbox
            key={p}
            label={permissionLabel(p)}
            checked={Boolean(permissions[p])}
            onChange={(e) => form.setFieldValue(`permissions.${p}`, e.currentTarget.checked)}
          />
        ))}
      </Stack>
      <Group justify="space-between">
        {member.status === 'active' ? (
          <Button
            color="red.9"
            variant="outline"
            onClick={() => void run({ id: member.id, status: 'disabled' }, 'Member disabled')}
            loading={update.isPending}
          >
            Disable
          </Button>
        ) : (
          <Button variant="default" onClick={() => void run({ id: member.id, status: 'active' }, 'Member enabled')} loading={update.isPending}>
            Enable
          </Button>
        )}
        <Button onClick={() => save()} disabled={!changed} loading={update.isPending}>
          Save Changes
        </Button>
      </Group>
      {outranks && roleRank(myRole) >= roleRank('Admin') && (
        <>
          <Divider />
          <MemberSignInHelp member={member} />
        </>
      )}
      {outranks && !isSelf && (
        <>
          <Divider />
          <RemoveMember member={member} onRemoved={onClose} />
        </>
      )}
    </Stack>
  );
}

/** Remove from the organization, after a confirmation. */
function RemoveMember({ member, onRemoved }: { member: MemberDto; onRemoved: () => void }) {
  const remove = useRemoveMember();
  const [confirming, setConfirming] = useState(false);
  return (
    <Group>
      <Button color="red.9" onClick={() => setConfirming(true)}>
        Remove from organization
      </Button>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Remove Member">
        <Stack gap="md">
          <Text>
            Are you sure you want to remove {memberName(member)} ({member.email}) from the organization? They lose access at once; their records and
            the audit trail stay.
          </Text>
          {remove.error && (
            <Alert color="red" role="alert">
              {remove.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              color="red.9"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(member.id, {
                  onSuccess: () => {
                    setConfirming(false);
                    notifications.show({ color: 'green', message: `${memberName(member)} was removed from the organization` });
                    onRemoved();
                  },
                })
              }
            >
              Remove Member
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
