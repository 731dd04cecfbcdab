import { Stack, Title } from '@mantine/core';
import { useSession } from '../../api/session';
import { Banner } from '../../ui/Banner';
import { TwoFactorCard } from './components/TwoFactorCard';
import { PasswordCard } from './components/PasswordCard';
import { SessionsCard } from './components/SessionsCard';

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
