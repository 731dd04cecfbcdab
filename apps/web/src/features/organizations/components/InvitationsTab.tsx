import { inviteBody } from '@clinic/domain/contracts/organization-bodies';
import { ROLES, roleRank } from '@clinic/domain/rules/access';
import { Alert, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useSession } from '../../../api/session';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable';
import { QueryState } from '../../../ui/QueryState';
import { StatusChip } from '../../../ui/StatusChip';
import { useInvitations, type InvitationRow } from '../api/get-invitations';
import { useResendInvitation } from '../api/resend-invitation';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { useSendInvitation, type SentInvitation } from '../api/send-invitation';
import { TimeText } from '../../../ui/TimeText';
import { CopyableValue } from '../../../ui/CopyableValue';
import { useZodForm } from '../../../ui/use-zod-form';

/**
 * The Invitations tab: Send Invitation (e-mail and role; the accept link is shown, and mailed when
 * the server has mail), then the pending invitations with Resend and Revoke, or "No pending invitations".
 */
export function InvitationsTab() {
  const invitations = useInvitations();
  const [sent, setSent] = useState<SentInvitation | null>(null);
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const columns: DataTableColumn<InvitationRow>[] = [
    { key: 'email', header: 'Email', cell: (i) => i.email, sortValue: (i) => i.email },
    { key: 'role', header: 'Role', cell: (i) => i.role },
    { key: 'status', header: 'Status', cell: (i) => <StatusChip status={i.status} /> },
    { key: 'expires', header: 'Expires', cell: (i) => <TimeText value={i.expiresAt} date="numeric" /> },
    {
      key: 'actions',
      header: 'Actions',
      cell: (i) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            aria-label={`Resend invitation to ${i.email}`}
            onClick={() =>
              resend.mutate(i.id, {
                onSuccess: (r) => setSent(r),
                onError: (err) => notifications.show({ color: 'red', message: err.message }),
              })
            }
          >
            Resend
          </Button>
          <Button
            size="xs"
            variant="outline"
            color="red.9"
            aria-label={`Revoke invitation to ${i.email}`}
            onClick={() =>
              revoke.mutate(i.id, {
                onSuccess: () => notifications.show({ color: 'green', message: `Invitation to ${i.email} revoked` }),
                onError: (err) => notifications.show({ color: 'red', message: err.message }),
              })
            }
          >
            Revoke
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <InviteForm onSent={setSent} />
      {sent && (
        <Alert color="green" role="status">
          <Stack gap={4}>
            <Text fw={600}>Invitation sent</Text>
            <Text size="sm">
              {sent.mailed
                ? `The accept link was e-mailed to ${sent.invitation.email}. You can also share it yourself:`
                : sent.mailOff
                  ? `Invitation e-mails are turned off in the organization's notification settings: share this accept link with ${sent.invitation.email}.`
                  : `Mail is not configured on this server: share this accept link with ${sent.invitation.email}.`}
            </Text>
            <CopyableValue value={sent.invitation.acceptUrl} copyLabel="Copy link" testId="accept-link" />
          </Stack>
        </Alert>
      )}
      <QueryState query={invitations} loadingLabel="Loading invitations">
        {(rows) => <DataTable label="Pending invitations" columns={columns} rows={rows} rowKey={(i) => i.id} emptyText="No pending invitations" />}
      </QueryState>
    </Stack>
  );
}

function InviteForm({ onSent }: { onSent: (sent: SentInvitation) => void }) {
  const session = useSession();
  const myRole = session.data?.organizationUser?.role ?? 'Viewer';
  const roles = ROLES.filter((r) => roleRank(r) <= roleRank(myRole)).map((r) => ({ value: r, label: r }));
  const form = useZodForm({ schema: inviteBody, initialValues: { email: '', role: 'Staff' } });
  const [error, setError] = useState<string | null>(null);
  const send = useSendInvitation();
  const submit = form.onSubmit(async (body) => {
    setError(null);
    try {
      const sent = await send.mutateAsync(body);
      onSent(sent);
      form.setFieldValue('email', '');
    } catch (err) {
      setError((err as Error).message);
    }
  });
  return (
    <Card withBorder component="form" onSubmit={submit} aria-label="Invite User">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Invite User
        </Title>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group align="flex-end" wrap="wrap">
          <TextInput label="Email" type="email" required {...form.getInputProps('email')} style={{ flex: 1, minWidth: 220 }} />
          <Select label="Role" data={roles} {...form.getInputProps('role')} allowDeselect={false} />
          <Button type="submit" loading={send.isPending}>
            Send Invitation
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
