import { Button, Card, CopyButton, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

/** The organization's id with Copy: kiosks take it as their clinic parameter. */
export function OrganizationIdCard({ organizationId }: { organizationId: string }) {
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Text size="sm" c="dimmed">
            Organization ID
          </Text>
          <Text ff="monospace" data-testid="organization-id">
            {organizationId}
          </Text>
          <Text size="sm" c="dimmed">
            Kiosks use this id as their clinic parameter, e.g. /kiosk?clinic={organizationId}
          </Text>
        </div>
        <CopyButton value={organizationId}>
          {({ copy }) => (
            <Button
              variant="default"
              onClick={() => {
                copy();
                notifications.show({ color: 'green', message: 'Organization ID copied to clipboard!' });
              }}
            >
              Copy
            </Button>
          )}
        </CopyButton>
      </Group>
    </Card>
  );
}
