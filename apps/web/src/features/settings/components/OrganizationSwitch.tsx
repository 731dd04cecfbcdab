import { Badge, Button, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useAvailableOrganizations, useSwitchOrganization } from '../../../api/organizations';

/**
 * The System category's Switch: shown when the member belongs to more than one organization; a
 * dialog lists each with its type and plan, the current one marked "Current"; choosing another
 * shows "Switching...", then the spec's alerts; the settings reload with the session.
 */
export function OrganizationSwitch() {
  const available = useAvailableOrganizations();
  const switcher = useSwitchOrganization();
  const [opened, setOpened] = useState(false);
  const [choosing, setChoosing] = useState<string | null>(null);
  const memberships = (available.data ?? []).filter((o) => !o.invited);
  if (memberships.length < 2) return null;

  // The promise, not mutate's callbacks: the settings reload with the session, and this dialog
  // with them, before a callback of an unmounted component would run.
  const choose = async (organizationId: string) => {
    setChoosing(organizationId);
    try {
      await switcher.mutateAsync({ organizationId });
      setOpened(false);
      notifications.show({ color: 'green', message: 'Organization switched successfully!' });
    } catch (err) {
      const message = (err as Error).message;
      notifications.show({
        color: 'red',
        message: message ? `Failed to switch organization: ${message}` : 'Failed to switch organization. Please try again.',
      });
    } finally {
      setChoosing(null);
    }
  };

  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)}>
        Switch
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Switch Organization">
        <Stack gap="xs">
          {memberships.map((o) => (
            <UnstyledButton
              key={o.id}
              onClick={() => !o.isCurrent && void choose(o.id)}
              disabled={o.isCurrent || switcher.isPending}
              aria-current={o.isCurrent ? 'true' : undefined}
              p="sm"
              style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
            >
              <Group justify="space-between" wrap="nowrap">
                <div>
                  <Text fw={600}>{o.name}</Text>
                  <Text size="sm" c="dimmed">
                    {o.type} · {o.plan ?? 'No plan'}
                  </Text>
                </div>
                {o.isCurrent && <Badge variant="light">Current</Badge>}
                {choosing === o.id && <Text size="sm">Switching...</Text>}
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      </Modal>
    </>
  );
}
