import { mfaConfirmBody } from '@clinic/domain/contracts/account-security';
import { Button, Code, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Banner } from '../../../ui/Banner';
import { useZodForm } from '../../../ui/use-zod-form';
import { useConfirmMfa } from '../api/confirm-mfa';
import { useEnrollMfa, type Enrolment } from '../api/enroll-mfa';
import { messageOf } from '../message-of';

/** Turning two-factor sign-in on: a new key as QR code and text, then the first code confirms it. */
export function EnrolForm({ onConfirmed }: { onConfirmed: (backupCodes: string[]) => void }) {
  const enroll = useEnrollMfa();
  const confirm = useConfirmMfa();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const form = useZodForm({ schema: mfaConfirmBody, initialValues: { code: '' } });
  const [error, setError] = useState<string | null>(null);

  if (!enrolment) {
    return (
      <Stack align="flex-start">
        <Text>
          Protect your account with a code from an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…) each time you sign
          in.
        </Text>
        {error && <Banner>{error}</Banner>}
        <Button
          loading={enroll.isPending}
          onClick={() => enroll.mutate(undefined, { onSuccess: setEnrolment, onError: (err) => setError(messageOf(err)) })}
        >
          Set Up Two-Factor Authentication
        </Button>
      </Stack>
    );
  }
  const submit = form.onSubmit(({ code }) => {
    setError(null);
    // The promise, not mutate's callbacks: once the state reads "on" this form is gone, and the
    // codes go to the card, which stays.
    confirm
      .mutateAsync(code)
      .then(onConfirmed)
      .catch((err: unknown) => setError(messageOf(err)));
  });
  return (
    <form onSubmit={submit}>
      <Stack>
        <Text>1. Scan this QR code with your authenticator app, or enter the key by hand.</Text>
        <Group align="flex-start">
          <Image src={enrolment.qr} alt="QR code of your authenticator key" w={180} h={180} />
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Key
            </Text>
            <Code data-testid="mfa-secret">{enrolment.secret}</Code>
          </Stack>
        </Group>
        <Text>2. Enter the 6-digit code the app shows.</Text>
        <TextInput
          label="Authentication code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          maxLength={6}
          {...form.getInputProps('code')}
          w={220}
        />
        {error && <Banner>{error}</Banner>}
        <Group>
          <Button type="submit" loading={confirm.isPending}>
            Verify and Turn On
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
