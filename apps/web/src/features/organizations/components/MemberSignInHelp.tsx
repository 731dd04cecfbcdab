import type { MemberDto } from '@clinic/domain/contracts/organizations';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { CopyableValue } from '../../../ui/CopyableValue';
import { TimeText } from '../../../ui/TimeText';
import { useCreateMemberResetLink } from '../api/create-member-reset-link';
import { useResetMemberMfa } from '../api/reset-member-mfa';
import { useSendMemberResetEmail } from '../api/send-member-reset-email';
import { memberName } from './member-name';

/** The server's refusal of an account-wide action: the account also belongs to another organization. */
const isAccountWide = (err: unknown) => err instanceof ApiError && err.code === 'access/account-wide';

/**
 * An Admin's help with a member's sign-in: a reset link shown once, and a reset of the second
 * factor. Both change the person's account in every organization, so the server refuses them when
 * the account also belongs to another one; its message says why, and for the password the Admin
 * can send the reset link to the member's own mailbox instead.
 */
export function MemberSignInHelp({ member }: { member: MemberDto }) {
  const resetLink = useCreateMemberResetLink();
  const resetMfa = useResetMemberMfa();
  const resetEmail = useSendMemberResetEmail();
  const [confirmingMfa, setConfirmingMfa] = useState(false);
  const link = resetLink.data;
  const linkRefused = isAccountWide(resetLink.error);
  const error = resetLink.error ?? resetMfa.error;
  return (
    <Stack gap="sm" role="group" aria-label="Sign-in help">
      <Text fw={500} size="sm">
        Sign-in help
      </Text>
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      {link ? (
        <Alert color="green" role="status">
          <Stack gap={4}>
            <Text size="sm">
              Give this link to {memberName(member)}. It works once, until <TimeText value={link.expiresAt} />, and is not shown again.
            </Text>
            <CopyableValue value={link.resetUrl} copyLabel="Copy link" testId="reset-link" />
          </Stack>
        </Alert>
      ) : linkRefused ? (
        <ResetEmail member={member} send={resetEmail} />
      ) : (
        <Group>
          <Button variant="default" onClick={() => resetLink.mutate(member.id)} loading={resetLink.isPending}>
            Create password reset link
          </Button>
        </Group>
      )}
      {confirmingMfa ? (
        <Stack gap="xs">
          <Text size="sm">
            Reset the two-factor sign-in of {memberName(member)}? They sign in with their password alone, then enrol again where the organization
            requires it.
          </Text>
          <Group>
            <Button variant="default" onClick={() => setConfirmingMfa(false)}>
              Cancel
            </Button>
            <Button
              color="red.9"
              loading={resetMfa.isPending}
              onClick={() =>
                resetMfa.mutate(member.id, {
                  onSuccess: () => {
                    setConfirmingMfa(false);
                    notifications.show({ color: 'green', message: 'Two-factor sign-in reset' });
                  },
                  onError: () => setConfirmingMfa(false),
                })
              }
            >
              Confirm reset
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group>
          <Button variant="default" onClick={() => setConfirmingMfa(true)}>
            Reset two-factor
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Sends the member a reset link to their own mailbox, then says where it went (or why it could not). */
function ResetEmail({ member, send }: { member: MemberDto; send: ReturnType<typeof useSendMemberResetEmail> }) {
  if (send.data) {
    return (
      <Alert color="green" role="status">
        {send.data.message}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      {send.error && (
        <Alert color="red" role="alert">
          {send.error.message}
        </Alert>
      )}
      <Group>
        <Button variant="default" onClick={() => send.mutate(member.id)} loading={send.isPending}>
          Send password reset e-mail
        </Button>
      </Group>
    </Stack>
  );
}
