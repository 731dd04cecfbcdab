import { changePasswordBody } from '@clinic/domain/contracts/account-security';
import { Button, Card, Group, PasswordInput, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { issueMessagesOf } from '../../../api/client';
import { Banner } from '../../../ui/Banner';
import { IssueList } from '../../../ui/IssueList';
import { useZodForm } from '../../../ui/use-zod-form';
import { useChangePassword } from '../api/change-password';
import { credentialField } from '../credential-field';
import { messageOf } from '../message-of';

/** Changing the password; the other sessions are signed out. */
export function PasswordCard() {
  const change = useChangePassword();
  const form = useZodForm({ schema: changePasswordBody, initialValues: { currentPassword: '', newPassword: '' } });
  const [error, setError] = useState<{ message: string; issues: string[] } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const submit = form.onSubmit((body) => {
    setError(null);
    setDone(null);
    change.mutate(body, {
      onSuccess: ({ sessionsEnded }) => {
        form.reset();
        setDone(`Your password has been changed.${sessionsEnded > 0 ? ` ${sessionsEnded} other session(s) were signed out.` : ''}`);
      },
      onError: (err) =>
        setError({
          message: messageOf(err),
          issues: issueMessagesOf(err, 'auth/password-policy'),
        }),
    });
  });
  return (
    <Card withBorder component="section" aria-labelledby="password-title">
      <form onSubmit={submit}>
        <Stack>
          <Title order={2} fz="h3" id="password-title">
            Change Password
          </Title>
          <Group align="flex-end">
            <PasswordInput {...credentialField('Current password', 'current-password')} {...form.getInputProps('currentPassword')} />
            <PasswordInput {...credentialField('New password', 'new-password')} {...form.getInputProps('newPassword')} />
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
