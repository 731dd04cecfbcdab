import { Anchor, Box, Group, Text, Title } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';

/** The queue screens' frame: a header with the way back, then the one <main>. */
export function QueueLayout({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  return (
    <Box mih="100vh" bg="gray.0">
      <QueueHeader signedIn={signedIn} />
      <Box component="main" p="md" maw={1280} mx="auto">
        {children}
      </Box>
    </Box>
  );
}

/** The header with the way back (memoized: it depends on nothing but `signedIn`). */
const QueueHeader = memo(function QueueHeader({ signedIn }: { signedIn: boolean }) {
  return (
    <Box component="header" bg="white" px="md" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Group justify="space-between">
        <Anchor component={Link} to={signedIn ? '/dashboard' : '/'} fw={700} fz="lg" underline="never">
          ClinicFlow
        </Anchor>
        {signedIn ? (
          <Anchor component={Link} to="/dashboard">
            Dashboard
          </Anchor>
        ) : (
          <Anchor component={Link} to="/login">
            Staff Sign In
          </Anchor>
        )}
      </Group>
    </Box>
  );
});

/** "Queue Manager (Clinical Decision Support System)". */
export function QueueTitle() {
  return (
    <Title order={1}>
      Queue Manager{' '}
      <Text span fz="lg" fw={500} c="gray.7">
        (Clinical Decision Support System)
      </Text>
    </Title>
  );
}
