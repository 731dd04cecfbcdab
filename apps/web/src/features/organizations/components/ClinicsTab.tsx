import type { ClinicDto } from '@clinic/domain/contracts/organizations';
import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable';
import { QueryState } from '../../../ui/QueryState';
import { StatusChip } from '../../../ui/StatusChip';
import { useClinics } from '../api/get-clinics';
import { ClinicForm } from './ClinicForm';
import { typeLabel } from './OrganizationOverview';

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
