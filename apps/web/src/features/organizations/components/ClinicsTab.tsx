import type { ClinicDto } from '@clinic/domain/contracts/organizations';
import { roleRank } from '@clinic/domain/rules/access';
import { Alert, Anchor, Button, Divider, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../api/session';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable';
import { QueryState } from '../../../ui/QueryState';
import { StatusChip } from '../../../ui/StatusChip';
import { useClinics } from '../api/get-clinics';
import { useSaveClinic } from '../api/save-clinic';
import { typeLabel } from './OrganizationOverview';

const CLINIC_TYPES = ['general', 'emergency', 'pediatric', 'specialty', 'urgent_care'].map((value) => ({ value, label: typeLabel(value) }));

/** The Clinics tab: the organization's clinics, Add Clinic and Edit. */
export function ClinicsTab({ organizationId }: { organizationId: string }) {
  const clinics = useClinics(organizationId);
  const [editing, setEditing] = useState<ClinicDto | 'new' | null>(null);
  const columns: DataTableColumn<ClinicDto>[] = [
    { key: 'name', header: 'Name', cell: (c) => c.name, sortValue: (c) => c.name },
    { key: 'type', header: 'Type', cell: (c) => typeLabel(c.type) },
    { key: 'address', header: 'Address', cell: (c) => c.address ?? 'Not provided' },
    { key: 'phone', header: 'Phone', cell: (c) => c.phone ?? 'Not provided' },
    { key: 'email', header: 'Email', cell: (c) => c.email ?? 'Not provided' },
    { key: 'status', header: 'Status', cell: (c) => <StatusChip status={c.status} /> },
    { key: 'beds', header: 'Emergency Beds', cell: (c) => c.emergency?.bedCount ?? 'Not set' },
    {
      key: 'actions',
      header: 'Actions',
      cell: (c) => (
        <Button size="xs" variant="default" onClick={() => setEditing(c)} aria-label={`Edit ${c.name}`}>
          Edit
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Edit a clinic to set its emergency level, facility ID and bed count, as the{' '}
          <Anchor component={Link} to="/emergency-room" underline="always">
            Emergency Room
          </Anchor>{' '}
          shows them.
        </Text>
        <Button onClick={() => setEditing('new')}>Add Clinic</Button>
      </Group>
      <QueryState query={clinics} loadingLabel="Loading clinics">
        {(rows) => <DataTable label="Clinics" columns={columns} rows={rows} rowKey={(c) => c.id} emptyText="No clinics yet" />}
      </QueryState>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'Add Clinic' : 'Edit Clinic'}>
        {editing !== null && (
          <ClinicForm
            key={editing === 'new' ? 'new' : editing.id}
            organizationId={organizationId}
            clinic={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
    </Stack>
  );
}

function ClinicForm({ organizationId, clinic, onDone }: { organizationId: string; clinic: ClinicDto | null; onDone: () => void }) {
  const save = useSaveClinic(organizationId);
  const session = useSession();
  // The emergency settings need Admin or above and a plan with the emergency room (the server checks both); a new clinic gets them on its first edit.
  const canSetEmergency =
    clinic !== null &&
    roleRank(session.data?.organizationUser?.role ?? 'Viewer') >= roleRank('Admin') &&
    Boolean(session.data?.features.includes('emergencyRoom'));
  const [emergency, setEmergency] = useState({
    level: clinic?.emergency?.level ?? '',
    facilityId: clinic?.emergency?.facilityId ?? '',
    bedCount: clinic?.emergency?.bedCount ?? ('' as number | ''),
  });
  const [form, setForm] = useState({
    name: clinic?.name ?? '',
    type: clinic?.type ?? 'general',
    address: clinic?.address ?? '',
    phone: clinic?.phone ?? '',
    email: clinic?.email ?? '',
    status: clinic?.status ?? 'active',
  });
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof typeof form, value: string) => setForm((f) => ({ ...f, [key]: value }));
  const emergencyChanged =
    emergency.level !== (clinic?.emergency?.level ?? '') ||
    emergency.facilityId !== (clinic?.emergency?.facilityId ?? '') ||
    emergency.bedCount !== (clinic?.emergency?.bedCount ?? '');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const opt = (v: string) => (v.trim() ? v.trim() : clinic ? null : undefined);
    try {
      await save.mutateAsync({
        id: clinic?.id,
        name: form.name,
        type: form.type,
        status: form.status,
        address: opt(form.address),
        phone: opt(form.phone),
        email: opt(form.email),
        ...(canSetEmergency && emergencyChanged
          ? {
              emergency: {
                level: emergency.level.trim() || null,
                facilityId: emergency.facilityId.trim() || null,
                bedCount: emergency.bedCount === '' ? null : emergency.bedCount,
              },
            }
          : {}),
      });
      notifications.show({ color: 'green', message: clinic ? 'Clinic updated successfully!' : 'Clinic added successfully!' });
      onDone();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput label="Clinic name" required value={form.name} onChange={(e) => set('name', e.currentTarget.value)} data-autofocus />
        <Select label="Clinic type" data={CLINIC_TYPES} value={form.type} onChange={(v) => v && set('type', v)} allowDeselect={false} />
        <TextInput label="Clinic address" value={form.address} onChange={(e) => set('address', e.currentTarget.value)} />
        <TextInput label="Clinic phone" type="tel" value={form.phone} onChange={(e) => set('phone', e.currentTarget.value)} />
        <TextInput label="Clinic email" type="email" value={form.email} onChange={(e) => set('email', e.currentTarget.value)} />
        <Select
          label="Clinic status"
          data={[
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
          ]}
          value={form.status}
          onChange={(v) => v && set('status', v)}
          allowDeselect={false}
        />
        {canSetEmergency && (
          <Stack gap="sm" role="group" aria-label="Emergency room">
            <Divider label="Emergency room" labelPosition="left" />
            <TextInput
              label="Emergency level"
              placeholder="e.g. Level II Trauma Center"
              value={emergency.level}
              onChange={(e) => {
                const level = e.currentTarget.value;
                setEmergency((x) => ({ ...x, level }));
              }}
            />
            <TextInput
              label="Facility ID"
              value={emergency.facilityId}
              onChange={(e) => {
                const facilityId = e.currentTarget.value;
                setEmergency((x) => ({ ...x, facilityId }));
              }}
            />
            <NumberInput
              label="Emergency beds"
              min={0}
              max={10000}
              allowDecimal={false}
              allowNegative={false}
              value={emergency.bedCount}
              onChange={(v) => setEmergency((x) => ({ ...x, bedCount: typeof v === 'number' ? v : '' }))}
            />
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {clinic ? 'Save Clinic' : 'Add Clinic'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
