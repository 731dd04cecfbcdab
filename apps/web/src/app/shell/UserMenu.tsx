import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconSettings, IconShieldLock, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '../../api/session';
import { PagerMenuEntry } from './pager';

/** The header's user menu: who is signed in, their pages, their profile and settings, and Sign Out. */
export function UserMenu({ onSignOut }: { onSignOut: () => void }) {
  const session = useSession();
  const user = session.data?.user;
  const member = session.data?.organizationUser;
  if (!user) return null;
  const first = member?.firstName ?? user.firstName;
  const last = member?.lastName ?? user.lastName;
  const name = [first, last].filter(Boolean).join(' ') || user.email;
  return (
    <Menu position="bottom-end" withArrow width={240} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu (${user.email})`} px={4} py={2}>
          <Group gap={6} wrap="nowrap">
            <Avatar name={name} color="blue" variant="filled" size="sm" aria-hidden />
            <Text size="sm" c="dimmed" visibleFrom="md">
              {user.email}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {/* A menu owns only items, groups and separators: the identity is a labelled group. */}
        <Menu.Label role="group" aria-label="Signed in as">
          <Text size="sm" fw={600} c="gray.9">
            {name}
          </Text>
          <Text size="xs" c="gray.7">
            {member ? `${member.role} · ${user.email}` : user.email}
          </Text>
        </Menu.Label>
        <PagerMenuEntry />
        <Menu.Item component={Link} to="/settings?category=profile" leftSection={<IconUser size={16} aria-hidden />}>
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} aria-hidden />}>
          Settings
        </Menu.Item>
        <Menu.Item component={Link} to="/account/security" leftSection={<IconShieldLock size={16} aria-hidden />}>
          Account Security
        </Menu.Item>
        <Menu.Divider role="separator" />
        <Menu.Item onClick={onSignOut} leftSection={<IconLogout size={16} aria-hidden />}>
          Sign Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
