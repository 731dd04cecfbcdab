import { patientPlacementBody, type PatientPlacementDto } from '@clinic/domain/contracts/patients';
import { Checkbox, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Banner } from '../../../ui/Banner';
import { FormActions } from '../../../ui/FormActions';
import { useZodForm } from '../../../ui/use-zod-form';
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
  const form = useZodForm({
    schema: patientPlacementBody,
    initialValues: {
      department: current.department ?? '',
      floor: current.floor ?? '',
      roomNumber: current.roomNumber ?? '',
      directoryOptOut: current.directoryOptOut,
    },
  });
  const [saved, setSaved] = useState(false);
  const onSubmit = form.onSubmit((body) => {
    setSaved(false);
    // Every field is sent: an emptied one as null, which clears it (a key left out would be kept).
    const { department = null, floor = null, roomNumber = null, directoryOptOut = false } = body;
    save.mutate({ department, floor, roomNumber, directoryOptOut }, { onSuccess: () => setSaved(true) });
  });
  return (
    <form onSubmit={onSubmit}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          A patient with a room is in care: visitors who give their name at the visitor kiosk are told this department, floor and room.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Department" {...form.getInputProps('department')} maxLength={100} />
          <TextInput label="Floor" {...form.getInputProps('floor')} maxLength={20} />
          <TextInput label="Room Number" {...form.getInputProps('roomNumber')} maxLength={20} />
        </SimpleGrid>
        <Checkbox
          label="Opted out of the facility directory"
          description="The visitor kiosk sends this patient's visitors to the front desk."
          {...form.getInputProps('directoryOptOut', { type: 'checkbox' })}
        />
        {save.isError && <Banner>{save.error.message}</Banner>}
        {saved && !save.isPending && <Banner tone="success">Placement saved.</Banner>}
        <FormActions submitLabel="Save Placement" loading={save.isPending} />
      </Stack>
    </form>
  );
}
