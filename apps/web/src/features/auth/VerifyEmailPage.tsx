import { Alert, Anchor, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { Banner } from '../../ui/Banner';
import { useVerifyEmail } from './api/verify-email';

/**
 * /verify-email?token=: completes the link mailed at sign-up. The token is sent by POST from the
 * page, so a mail scanner that merely fetches the link verifies nothing.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail();
  const { mutate } = verify;

  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);

  const failure = !token
    ? 'This verification link is incomplete. Open the link from the e-mail again.'
    : verify.error instanceof ApiError
      ? verify.error.message
      : verify.error
        ? 'The address could not be verified. Please try again.'
        : null;

  return (
    <main>
      <Center mih="100vh" p="md" bg="gray.0">
        <Paper withBorder shadow="sm" p="xl" w="100%" maw={420} radius="md">
          <Stack>
            <Title order={1} fz="h2">
              Confirm your e-mail address
            </Title>
            {verify.isPending && (
              <Stack align="center">
                <Loader aria-label="Verifying" />
                <Text>Verifying your e-mail address...</Text>
              </Stack>
            )}
            {verify.isSuccess && (
              <Alert color="teal" role="status">
                {verify.data.email} is verified. Invitations sent to it now appear when you choose an organization.
              </Alert>
            )}
            {failure && <Banner>{failure}</Banner>}
            <Anchor component={Link} to="/dashboard">
              Continue to ClinicFlow
            </Anchor>
          </Stack>
        </Paper>
      </Center>
    </main>
  );
}
