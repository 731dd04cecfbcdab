import { Button, Card, Group, PasswordInput, Stack, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { issueMessagesOf } from '../../../api/client';
import { Banner } from '../../../ui/Banner';
import { IssueList } from '../../../ui/IssueList';
import { useChangePassword } from '../api/change-password';
import { credentialField } from '../credential-field';
import { messageOf } from '../message-of';

/** Changing the password; the other sessions are signed out. */
export function PasswordCard() {
  const change = useChangePassword();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [error, setError] = useState<{ message: string; issues: string[] } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setDone(null);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: ({ sessionsEnded }) => {
          setCurrent('');
          setNew('');
          setDone(`Your password has been changed.${sessionsEnded > 0 ? ` ${sessionsEnded} other session(s) were signed out.` : ''}`);
        },
        onError: (err) =>
          setError({
            message: messageOf(err),
            issues: issueMessagesOf(err, 'auth/password-policy'),
          }),
      },
    );
  };
  return (
    <Card withBorder component="section" aria-labelledby="password-title">
      <form onSubmit={submit}>
        <Stack>
          <Title order={2} fz="h3" id="password-title">
            Change Password
          </Title>
          <Group align="flex-end">
            <PasswordInput {...credentialField('Current password', 'current-password', currentPassword, setCurrent)} />
            <PasswordInput {...credentialField('New password', 'new-password', newPassword, setNew)} />
            <Button type="submit" loading={change.isPending}>
              Change Password
            </Button>
          </Group>
          {error && (
            <Banner>
              <IssueList issues={error.issues} fallback={error.message} />
            </Banner>
          )}
          {done && <Banner tone="success">{done}</Banner>}
        </Stack>
      </form>
    </Card>
  );
}
