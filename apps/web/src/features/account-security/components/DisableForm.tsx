import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../../ui/Banner';
import { useDisableMfa } from '../api/disable-mfa';
import { credentialField } from '../credential-field';
import { messageOf } from '../message-of';

/** Turning two-factor sign-in off, with the password and a current code. */
export function DisableForm({ backupCodesLeft }: { backupCodesLeft: number }) {
  const disable = useDisableMfa();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    disable.mutate({ password, code: code.trim() }, { onError: (err) => setError(messageOf(err)) });
  };
  return (
    <form onSubmit={submit}>
      <Stack>
        <Text>Two-factor authentication is on. Backup codes left: {backupCodesLeft}.</Text>
        <Text size="sm" c="gray.7">
          To turn it off, enter your password and a current code (or a backup code).
        </Text>
        <Group align="flex-end">
          <PasswordInput {...credentialField('Password', 'current-password', password, setPassword)} />
          <TextInput {...credentialField('Authentication code', 'one-time-code', code, setCode)} />
          <Button type="submit" color="red" variant="outline" loading={disable.isPending}>
            Turn Off Two-Factor Authentication
          </Button>
        </Group>
        {error && <Banner>{error}</Banner>}
      </Stack>
    </form>
  );
}
