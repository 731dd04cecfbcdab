import type { PatientPlacementDto } from '@clinic/domain/contracts/patients';
import { Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../../ui/Banner';
import { QueryState } from '../../../ui/QueryState';
import { usePlacement } from '../api/get-placement';
import { useUpdatePlacement } from '../api/update-placement';

/**
 * The record's placement: the department, floor and room of a patient in care (the visitor kiosk
 * tells a visitor who names them where to go, and a room puts them in care) and the facility-directory
 * opt-out (the kiosk then sends their visitors to the front desk).
 */
export function PlacementCard({ patientId }: { patientId: string }) {
  const placement = usePlacement(patientId);
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        Placement and Facility Directory
      </Title>
      <QueryState query={placement} loadingLabel="Loading placement">
        {(current) => <PlacementForm patientId={patientId} current={current} />}
      </QueryState>
    </Paper>
  );
}

function PlacementForm({ patientId, current }: { patientId: string; current: PatientPlacementDto }) {
  const save = useUpdatePlacement(patientId);
  const [department, setDepartment] = useState(current.department ?? '');
  const [floor, setFloor] = useState(current.floor ?? '');
  const [roomNumber, setRoomNumber] = useState(current.roomNumber ?? '');
  const [optOut, setOptOut] = useState(current.directoryOptOut);
  const [saved, setSaved] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    save.mutate(
      { department: department.trim() || null, floor: floor.trim() || null, roomNumber: roomNumber.trim() || null, directoryOptOut: optOut },
      { onSuccess: () => setSaved(true) },
    );
  };
  return (
    <form onSubmit={onSubmit}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          A patient with a room is in care: visitors who give their name at the visitor kiosk are told this department, floor and room.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Department" value={department} onChange={(e) => setDepartment(e.currentTarget.value)} maxLength={100} />
          <TextInput label="Floor" value={floor} onChange={(e) => setFloor(e.currentTarget.value)} maxLength={20} />
          <TextInput label="Room Number" value={roomNumber} onChange={(e) => setRoomNumber(e.currentTarget.value)} maxLength={20} />
        </SimpleGrid>
        <Checkbox
          label="Opted out of the facility directory"
          description="The visitor kiosk sends this patient's visitors to the front desk."
          checked={optOut}
          onChange={(e) => setOptOut(e.currentTarget.checked)}
        />
        {save.isError && <Banner>{save.error.message}</Banner>}
        {saved && !save.isPending && <Banner tone="success">Placement saved.</Banner>}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save Placement
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
