import type { Permission, Role } from '@clinic/domain/rules/access';
import { Anchor, Box, Button, Group, Text } from '@mantine/core';
import { Link, Outlet, useMatches, useNavigate } from 'react-router';
import { useLiveUpdates } from '../api/events';
import { useSession, useSignOut } from '../api/session';
import { OrganizationSwitcher } from '../features/organizations';
import { RequireAccess, RequireAuth } from './RouteGuards';

/**
 * The signed-in frame: header with organization switcher and sign-out, then the page in <main>.
 * It holds the organization's event stream, so every staff page hears changes made elsewhere.
 */
export function StaffShell() {
  return (
    <RequireAuth>
      <StaffFrame />
    </RequireAuth>
  );
}

function StaffFrame() {
  const session = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const matches = useMatches();
  const access = (matches.at(-1)?.handle as { access?: { role?: Role; permission?: Permission } } | undefined)?.access ?? {};
  // Every staff page stays live: server events refresh whatever shared data it shows.
  useLiveUpdates('staff', {}, Boolean(session.data?.organization));

  // Back to /login whether or not the server answered: the page keeps nothing of the session.
  const onSignOut = () => signOut.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) });

  return (
    <Box mih="100vh" bg="gray.0">
      <Box component="header" bg="white" px="md" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Anchor component={Link} to="/dashboard" fw={700} fz="lg" underline="never">
            ClinicFlow
          </Anchor>
          <Group gap="sm" wrap="wrap">
            <OrganizationSwitcher />
            <Text size="sm" c="gray.7">
              {session.data?.user.email}
            </Text>
            <Button variant="default" size="xs" onClick={onSignOut}>
              Sign Out
            </Button>
          </Group>
        </Group>
      </Box>
      <Box component="main" p="md">
        <RequireAccess role={access.role} permission={access.permission}>
          <Outlet />
        </RequireAccess>
      </Box>
    </Box>
  );
}
