import { Button, Group, Modal, NativeSelect, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useAddVisit } from '../api/add-visit';
import { Banner } from '../../../ui/Banner';
import { useZodForm } from '../../../ui/use-zod-form';
import { VISIT_FORM, emptyVisitForm, localDateTime, visitPriorityOptions, visitStatusOptions, visitTypeOptions } from '../lib/visit-form';

/** The Add Visit form, in a dialog; saves a visit of the patient. */
export function AddVisitDialog({
  patientId,
  opened,
  defaultDoctor,
  onClose,
  onSaved,
}: {
  patientId: string;
  opened: boolean;
  defaultDoctor: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add Visit" size="lg" centered>
      {/* Mounted only while open, so every opening starts from a fresh form. */}
      {opened && <VisitForm patientId={patientId} defaultDoctor={defaultDoctor} onCancel={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function VisitForm({
  patientId,
  defaultDoctor,
  onCancel,
  onSaved,
}: {
  patientId: string;
  defaultDoctor: string;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const addVisit = useAddVisit(patientId);
  const form = useZodForm({ ...VISIT_FORM, initialValues: emptyVisitForm(defaultDoctor) });
  // A year from the opening of the form (read once: render stays pure).
  const [latestDate] = useState(() => localDateTime(new Date(Date.now() + 365 * 86_400_000)));

  const onSubmit = form.onSubmit(async (visit) => {
    try {
      await addVisit.mutateAsync(visit);
      notifications.show({ color: 'green', message: 'Visit added' });
      onSaved();
    } catch {
      /* the server's message is shown above the buttons; the form keeps its values */
    }
  });

  const area = (field: 'symptoms' | 'diagnosis' | 'treatment' | 'notes', label: string, max: number) => (
    <Textarea label={label} autosize minRows={2} maxRows={6} maxLength={max} {...form.getInputProps(field)} />
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add Visit">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Visit Date" type="datetime-local" withAsterisk max={latestDate} {...form.getInputProps('date')} data-autofocus />
          <TextInput label="Doctor" withAsterisk maxLength={200} {...form.getInputProps('doctor')} />
          <NativeSelect label="Visit Type" data={visitTypeOptions} {...form.getInputProps('type')} />
          <NativeSelect label="Priority" data={visitPriorityOptions} {...form.getInputProps('priority')} />
          <TextInput label="Wait Time (minutes)" type="number" inputMode="numeric" min={0} step={1} {...form.getInputProps('waitTime')} />
          <NativeSelect label="Visit Status" data={visitStatusOptions} {...form.getInputProps('status')} />
        </SimpleGrid>
        {area('symptoms', 'Symptoms', 2000)}
        {area('diagnosis', 'Diagnosis', 2000)}
        {area('treatment', 'Treatment', 2000)}
        {area('notes', 'Notes', 5000)}
        {addVisit.error && <Banner>{addVisit.error.message}</Banner>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={addVisit.isPending}>
            {addVisit.isPending ? 'Saving...' : 'Save Visit'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
