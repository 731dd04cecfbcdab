import type { OrganizationDto } from '@clinic/domain/contracts/organizations';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';

/** Status chip colours of the panel: active green, inactive yellow, anything else (suspended) red. */
const STATUS_COLORS: Record<string, { color: string; c: string }> = {
  active: { color: 'teal.9', c: 'white' },
  inactive: { color: 'yellow.5', c: 'black' },
};

/** The organization's type as words ("urgent_care" is "Urgent Care"). */
export const typeLabel = (type: string) => type.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text>{value && value.trim() ? value : 'Not provided'}</Text>
    </div>
  );
}

/** The read-only view of the organization (operations-and-public 2.7). */
export function OrganizationOverview({ organization: o, onEdit }: { organization: OrganizationDto; onEdit: () => void }) {
  const tone = STATUS_COLORS[o.status] ?? { color: 'red.9', c: 'white' };
  const a = o.settings.postalAddress;
  const address = a
    ? [a.street, a.city, [a.state, a.zipCode].filter(Boolean).join(' '), a.country].filter((p) => p && p.trim()).join(', ')
    : o.address;
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Group gap="sm">
            <Title order={2}>{o.name}</Title>
            <Badge color={tone.color} c={tone.c}>
              {o.status}
            </Badge>
          </Group>
          <Button variant="default" onClick={onEdit}>
            Edit Organization
          </Button>
        </Group>
        <Text>{o.description && o.description.trim() ? o.description : 'No description'}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <Field label="Type" value={typeLabel(o.type)} />
          <Field label="Phone" value={o.phone} />
          <Field label="Email" value={o.email} />
          <Field label="Website" value={o.website} />
          <Field label="Emergency phone" value={o.settings.emergencyPhone} />
          <Field label="Address" value={address} />
          <Field label="Max users" value={String(o.settings.maxUsers)} />
          <Field label="Kiosk" value={o.settings.kioskEnabled ? 'Enabled' : 'Disabled'} />
          <Field label="Emergency mode" value={o.settings.emergencyMode ? 'On' : 'Off'} />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
