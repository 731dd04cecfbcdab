import { Group, Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useAvailableOrganizations, useSwitchOrganization } from '../../api/organizations';
import { useSession } from '../../api/session';

/** Header selects for the current organization and clinic; shown when there is a choice to make. */
export function OrganizationSwitcher() {
  const session = useSession();
  const available = useAvailableOrganizations();
  const switcher = useSwitchOrganization();
  const current = session.data?.organization;
  const memberships = (available.data ?? []).filter((o) => !o.invited);
  const clinics = session.data?.clinics ?? [];
  if (!current || (memberships.length < 2 && clinics.length < 2)) return null;

  const choose = (organizationId: string, clinicId?: string) =>
    switcher.mutate(
      { organizationId, clinicId },
      {
        onSuccess: () => notifications.show({ color: 'green', message: 'Organization switched successfully!' }),
        onError: (err) =>
          notifications.show({
            color: 'red',
            message: err.message ? `Failed to switch organization: ${err.message}` : 'Failed to switch organization. Please try again.',
          }),
      },
    );

  return (
    <Group gap="xs" wrap="nowrap">
      {memberships.length > 1 && (
        <Select
          aria-label="Organization"
          size="xs"
          w={200}
          data={memberships.map((o) => ({ value: o.id, label: o.name }))}
          value={current.id}
          onChange={(v) => v && v !== current.id && choose(v)}
          allowDeselect={false}
          disabled={switcher.isPending}
        />
      )}
      {clinics.length > 1 && (
        <Select
          aria-label="Clinic"
          size="xs"
          w={200}
          data={clinics.map((c) => ({ value: c.id, label: c.name }))}
          value={session.data?.clinic?.id ?? null}
          onChange={(v) => v && choose(current.id, v)}
          allowDeselect={false}
          disabled={switcher.isPending}
        />
      )}
    </Group>
  );
}
