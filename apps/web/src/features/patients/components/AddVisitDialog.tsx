import { Alert, Button, Group, Modal, NativeSelect, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useAddVisit } from '../api/add-visit';
import {
  emptyVisitForm,
  localDateTime,
  validateVisitForm,
  visitPriorityOptions,
  visitStatusOptions,
  visitTypeOptions,
  type VisitFormField,
  type VisitFormValues,
} from '../lib/visit-form';

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

function VisitForm({ patientId, defaultDoctor, onCancel, onSaved }: { patientId: string; defaultDoctor: string; onCancel: () => void; onSaved: () => void }) {
  const addVisit = useAddVisit(patientId);
  const [values, setValues] = useState<VisitFormValues>(() => emptyVisitForm(defaultDoctor));
  const [errors, setErrors] = useState<Partial<Record<VisitFormField, string>>>({});

  const set = (field: VisitFormField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validateVisitForm(values);
    if (result.errors) {
      setErrors(result.errors);
      return;
    }
    try {
      await addVisit.mutateAsync(result.data);
      notifications.show({ color: 'green', message: 'Visit added' });
      onSaved();
    } catch {
      /* the server's message is shown above the buttons; the form keeps its values */
    }
  };

  const area = (field: 'symptoms' | 'diagnosis' | 'treatment' | 'notes', label: string, max: number) => (
    <Textarea label={label} autosize minRows={2} maxRows={6} maxLength={max} value={values[field]} onChange={(e) => set(field, e.currentTarget.value)} error={errors[field]} />
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add Visit">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Visit Date"
            type="datetime-local"
            withAsterisk
            max={localDateTime(new Date(Date.now() + 365 * 86_400_000))}
            value={values.date}
            onChange={(e) => set('date', e.currentTarget.value)}
            error={errors.date}
            data-autofocus
          />
          <TextInput label="Doctor" withAsterisk maxLength={200} value={values.doctor} onChange={(e) => set('doctor', e.currentTarget.value)} error={errors.doctor} />
          <NativeSelect label="Visit Type" data={visitTypeOptions} value={values.type} onChange={(e) => set('type', e.currentTarget.value)} error={errors.type} />
          <NativeSelect label="Priority" data={visitPriorityOptions} value={values.priority} onChange={(e) => set('priority', e.currentTarget.value)} error={errors.priority} />
          <TextInput
            label="Wait Time (minutes)"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={values.waitTime}
            onChange={(e) => set('waitTime', e.currentTarget.value)}
            error={errors.waitTime}
          />
          <NativeSelect label="Visit Status" data={visitStatusOptions} value={values.status} onChange={(e) => set('status', e.currentTarget.value)} error={errors.status} />
        </SimpleGrid>
        {area('symptoms', 'Symptoms', 2000)}
        {area('diagnosis', 'Diagnosis', 2000)}
        {area('treatment', 'Treatment', 2000)}
        {area('notes', 'Notes', 5000)}
        {addVisit.error && (
          <Alert color="red" role="alert">
            {addVisit.error.message}
          </Alert>
        )}
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
