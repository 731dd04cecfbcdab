import {
  Badge,
  Button,
  Card,
  Code,
  Group,
  Image,
  PasswordInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ApiError, issueMessagesOf } from '../../api/client';
import { useSession } from '../../api/session';
import { useFormatTime } from '../../ui/time-format';
import { Banner } from '../../ui/Banner';
import { IssueList } from '../../ui/IssueList';
import { QueryState } from '../../ui/QueryState';
import { useChangePassword } from './api/change-password';
import { useConfirmMfa } from './api/confirm-mfa';
import { useDisableMfa } from './api/disable-mfa';
import { useEndOtherSessions } from './api/end-other-sessions';
import { useEndSession } from './api/end-session';
import { useEnrollMfa, type Enrolment } from './api/enroll-mfa';
import { useAccountSecurity } from './api/get-account-security';
import { useSessions } from './api/get-sessions';

const messageOf = (err: unknown) => (err instanceof ApiError || err instanceof Error ? err.message : 'Something went wrong.');

/** /account/security (the user menu's Account Security): two-factor sign-in, the password, the sessions. */
export function AccountSecurityPage() {
  const session = useSession();
  const required = session.data?.security?.mfaEnrolmentRequired ?? false;
  return (
    <Stack maw={900}>
      <Title order={1}>Account Security</Title>
      {required && (
        <Banner tone="info" title="Two-factor authentication required">
          Your organization requires two-factor authentication. Set it up below to continue to your workspace.
        </Banner>
      )}
      <TwoFactorCard />
      <PasswordCard />
      <SessionsCard />
    </Stack>
  );
}

function TwoFactorCard() {
  const security = useAccountSecurity();
  // Kept here: once confirmed, the state reads "on", and the codes must stay on screen until read.
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);
  return (
    <Card withBorder component="section" aria-labelledby="two-factor-title">
      <Stack>
        <Group justify="space-between">
          <Title order={2} fz="h3" id="two-factor-title">
            Two-Factor Authentication
          </Title>
          {security.data && (
            <Badge color="dark" variant="outline">
              {security.data.enabled ? 'On' : 'Off'}
            </Badge>
          )}
        </Group>
        {backupCodes ? (
          <BackupCodes codes={backupCodes} />
        ) : (
          <QueryState query={security}>
            {(mfa) => (mfa.enabled ? <DisableForm backupCodesLeft={mfa.backupCodesLeft} /> : <EnrolForm onConfirmed={setBackupCodes} />)}
          </QueryState>
        )}
      </Stack>
    </Card>
  );
}

function EnrolForm({ onConfirmed }: { onConfirmed: (backupCodes: string[]) => void }) {
  const enroll = useEnrollMfa();
  const confirm = useConfirmMfa();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    // The promise, not mutate's callbacks: once the state reads "on" this form is gone, and the
    // codes go to the card, which stays.
    confirm
      .mutateAsync(code.trim())
      .then(onConfirmed)
      .catch((err: unknown) => setError(messageOf(err)));
  };
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
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
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

function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <Stack>
      <Banner tone="success">
        Two-factor authentication is now on. Save these backup codes somewhere safe. Each works once, when you cannot use your authenticator app.
        They are shown only now.
      </Banner>
      <SimpleGrid cols={{ base: 2, sm: 5 }} component="ul" aria-label="Backup codes" style={{ listStyle: 'none', padding: 0 }}>
        {codes.map((c) => (
          <li key={c}>
            <Code>{c}</Code>
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function DisableForm({ backupCodesLeft }: { backupCodesLeft: number }) {
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
          <PasswordInput
            label="Password"
            required
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <TextInput
            label="Authentication code"
            required
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
          />
          <Button type="submit" color="red" variant="outline" loading={disable.isPending}>
            Turn Off Two-Factor Authentication
          </Button>
        </Group>
        {error && <Banner>{error}</Banner>}
      </Stack>
    </form>
  );
}

function PasswordCard() {
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
            <PasswordInput
              label="Current password"
              required
              autoComplete="current-password"
              value={currentPassword}
              onChange={(e) => setCurrent(e.currentTarget.value)}
            />
            <PasswordInput
              label="New password"
              required
              autoComplete="new-password"
              value={newPassword}
              onChange={(e) => setNew(e.currentTarget.value)}
            />
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

function SessionsCard() {
  const sessions = useSessions();
  const formatTime = useFormatTime();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  return (
    <Card withBorder component="section" aria-labelledby="sessions-title">
      <Stack>
        <Group justify="space-between">
          <Title order={2} fz="h3" id="sessions-title">
            Sessions
          </Title>
          <Button variant="outline" size="xs" loading={endOthers.isPending} onClick={() => endOthers.mutate()}>
            Sign Out All Other Sessions
          </Button>
        </Group>
        <QueryState query={sessions}>
          {(rows) => (
            <Table.ScrollContainer minWidth={600}>
              <Table aria-label="Your sessions">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Device</Table.Th>
                    <Table.Th>Address</Table.Th>
                    <Table.Th>Last seen</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((s) => (
                    <Table.Tr key={s.id}>
                      <Table.Td>
                        <Text size="sm" lineClamp={2}>
                          {s.device}
                        </Text>
                      </Table.Td>
                      <Table.Td>{s.address ?? 'Unknown'}</Table.Td>
                      <Table.Td>{formatTime(s.lastSeenAt, { date: 'numeric' })}</Table.Td>
                      <Table.Td>
                        {s.current ? (
                          <Badge color="dark" variant="outline">
                            This device
                          </Badge>
                        ) : (
                          <Button
                            size="xs"
                            variant="subtle"
                            onClick={() => endOne.mutate(s.id)}
                            aria-label={`Sign out the session last seen ${formatTime(s.lastSeenAt, { date: 'numeric' })}`}
                          >
                            Sign out
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryState>
      </Stack>
    </Card>
  );
}
