import { mfaDisableBody } from '@clinic/domain/contracts/account-security';
import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Banner } from '../../../ui/Banner';
import { useZodForm } from '../../../ui/use-zod-form';
import { useDisableMfa } from '../api/disable-mfa';
import { credentialField } from '../credential-field';
import { messageOf } from '../message-of';

/** Turning two-factor sign-in off, with the password and a current code. */
export function DisableForm({ backupCodesLeft }: { backupCodesLeft: number }) {
  const disable = useDisableMfa();
  const form = useZodForm({ schema: mfaDisableBody, initialValues: { password: '', code: '' } });
  const [error, setError] = useState<string | null>(null);
  const submit = form.onSubmit((body) => {
    setError(null);
    disable.mutate(body, { onError: (err) => setError(messageOf(err)) });
  });
  return (
    <form onSubmit={submit}>
      <Stack>
        <Text>Two-factor authentication is on. Backup codes left: {backupCodesLeft}.</Text>
        <Text size="sm" c="gray.7">
          To turn it off, enter your password and a current code (or a backup code).
        </Text>
        <Group align="flex-end">
          <PasswordInput {...credentialField('Password', 'current-password')} {...form.getInputProps('password')} />
          <TextInput {...credentialField('Authentication code', 'one-time-code')} {...form.getInputProps('code')} />
          <Button type="submit" color="red" variant="outline" loading={disable.isPending}>
            Turn Off Two-Factor Authentication
          </Button>
        </Group>
        {error && <Banner>{error}</Banner>}
      </Stack>
    </form>
  );
}
