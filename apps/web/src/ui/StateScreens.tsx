import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';

/** A centered full-page message inside the page's <main>. */
function FullPage({ children }: { children: ReactNode }) {
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm" maw={560} ta="center">
        {children}
      </Stack>
    </Center>
  );
}

/** Shown while the session is being checked. */
export function CheckingAuthentication() {
  return (
    <main>
      <FullPage>
        <Loader aria-hidden />
        <Text>Checking authentication...</Text>
      </FullPage>
    </main>
  );
}

/** The not-found screen for any unknown path. */
export function NotFoundScreen() {
  return (
    <main>
      <FullPage>
        <Text fz={64} fw={700} c="dimmed" aria-hidden>
          404
        </Text>
        <Title order={1}>Page Not Found</Title>
        <Text>The page you're looking for doesn't exist.</Text>
        <Button component={Link} to="/">
          Go Home
        </Button>
      </FullPage>
    </main>
  );
}

/** What the Access Denied screen explains: a missing role, permission flag or plan feature. */
export type AccessDeniedReason =
  | { kind: 'role'; required: string; current: string }
  | { kind: 'permission'; required: string }
  | { kind: 'feature'; required: string; message?: string };

/** The Access Denied screen, by role, by permission or by plan feature (with the way to upgrade). */
export function AccessDeniedScreen(props: AccessDeniedReason) {
  const navigate = useNavigate();
  return (
    <FullPage>
      <Title order={1}>Access Denied</Title>
      {props.kind === 'role' && (
        <>
          <Text>You don't have permission to access this page. Required role: {props.required}</Text>
          <Text c="dimmed">Your current role: {props.current}</Text>
        </>
      )}
      {props.kind === 'permission' && (
        <>
          <Text>You don't have permission to access this feature.</Text>
          <Text c="dimmed">Required permission: {props.required}</Text>
        </>
      )}
      {props.kind === 'feature' && (
        <>
          <Text>{props.message ?? 'Your plan does not include this feature. Upgrade your plan to use it.'}</Text>
          <Text c="dimmed">Required plan feature: {props.required}</Text>
          <Button component={Link} to="/billing" variant="light">
            Upgrade Plan
          </Button>
        </>
      )}
      <Button onClick={() => navigate(-1)}>Go Back</Button>
    </FullPage>
  );
}

/** An error with a Retry button. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Stack align="center" gap="xs" py="lg" role="alert">
      <Text c="red.8">{message}</Text>
      {onRetry && (
        <Button variant="light" onClick={onRetry}>
          Retry
        </Button>
      )}
    </Stack>
  );
}
