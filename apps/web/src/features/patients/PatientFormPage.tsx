import { BLOOD_TYPES, PATIENT_GENDERS } from '@clinic/domain/contracts/patients';
import { localIsoDate } from '@clinic/domain/rules/patient-age';
import { Anchor, Button, Fieldset, Group, Loader, NativeSelect, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { Banner } from '../../ui/Banner';
import { useZodForm } from '../../ui/use-zod-form';
import { useCreatePatient } from './api/create-patient';
import { usePatient } from './api/get-patient';
import { useUpdatePatient } from './api/update-patient';
import { ListField } from './components/ListField';
import { GENDER_LABELS } from './lib/format';
import {
  NO_PENDING_ENTRIES,
  PATIENT_FORM,
  PATIENT_FORM_ORDER,
  emptyPatientForm,
  patientToForm,
  withPendingEntries,
  type ListKey,
  type PatientFormField,
  type PatientFormValues,
  type PendingEntries,
} from './lib/patient-form';

/** /patients/new and /patients/{id}/edit: one form for both. */
export function PatientFormPage() {
  const { id } = useParams();
  if (!id) return <PatientForm />;
  return <EditPatient id={id} />;
}

/** Loads the patient to edit; a missing patient or a failed load goes back to the list (spec section 2). */
function EditPatient({ id }: { id: string }) {
  const patient = usePatient(id);
  if (patient.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading patient" />
      </Group>
    );
  }
  if (patient.isError) return <Navigate to="/patients" replace />;
  return <PatientForm id={id} initial={patientToForm(patient.data)} />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Fieldset legend={title} variant="default" styles={{ legend: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}>
      {children}
    </Fieldset>
  );
}

function PatientForm({ id, initial }: { id?: string; initial?: PatientFormValues }) {
  const editing = Boolean(id);
  const navigate = useNavigate();
  const create = useCreatePatient();
  const update = useUpdatePatient(id ?? '');
  const [pending, setPending] = useState<PendingEntries>(NO_PENDING_ENTRIES);
  // Entries typed but not yet added count, as if Add had been pressed.
  const form = useZodForm({
    ...PATIENT_FORM,
    toInput: (values) => PATIENT_FORM.toInput!(withPendingEntries(values, pending)),
    initialValues: initial ?? emptyPatientForm(),
  });
  const [saveError, setSaveError] = useState<string | null>(null);
  const saving = create.isPending || update.isPending;

  // After a failed check, move the focus to the first field that needs attention.
  // The submit event's target is the form itself.
  const focusFirstError = (event: SyntheticEvent<HTMLFormElement> | undefined, errors: Record<string, unknown>) => {
    const first = PATIENT_FORM_ORDER.find((f) => errors[f]);
    const formElement = event?.target instanceof HTMLFormElement ? event.target : null;
    if (first) formElement?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };
  const focusFirstInvalid = (errors: Record<string, unknown>, _values: unknown, event?: SyntheticEvent<HTMLFormElement>) =>
    focusFirstError(event, errors);

  const text = (field: PatientFormField, label: string, props: Record<string, unknown> = {}) => (
    <TextInput name={field} label={label} {...form.getInputProps(field)} {...props} />
  );

  const onSubmit = form.onSubmit(async (body, event) => {
    setSaveError(null);
    form.setValues(withPendingEntries(form.getValues(), pending));
    setPending(NO_PENDING_ENTRIES);
    try {
      if (editing) await update.mutateAsync(body);
      else await create.mutateAsync(body);
      notifications.show({ color: 'green', message: editing ? 'Patient updated successfully' : 'Patient created successfully' });
      navigate('/patients');
    } catch (err) {
      // The spec only logs a failed save; the user sees the server's message and keeps what was typed.
      console.error('Failed to save patient', err);
      setSaveError(err instanceof Error ? err.message : 'Failed to save patient');
      if (err instanceof ApiError && err.issues) {
        focusFirstError(event, form.setIssues(err.issues));
      }
    }
  }, focusFirstInvalid);

  const list = (field: ListKey, label: string, itemLabel: string, placeholder: string) => (
    <ListField
      name={field}
      label={label}
      itemLabel={itemLabel}
      placeholder={placeholder}
      values={form.values[field]}
      onChange={(next) => form.setFieldValue(field, next)}
      pending={pending[field]}
      onPendingChange={(value) => setPending((p) => ({ ...p, [field]: value }))}
      error={form.errors[field]}
    />
  );

  return (
    <Stack maw={960} mx="auto" gap="md">
      <Anchor component={Link} to={editing ? `/patients/${id}` : '/patients'} size="sm">
        {editing ? 'Back to Patient' : 'Back to Patients'}
      </Anchor>
      <Title order={1}>{editing ? 'Edit Patient' : 'Add New Patient'}</Title>
      {saveError && <Banner title="The patient could not be saved">{saveError}</Banner>}
      <form onSubmit={onSubmit} noValidate aria-label={editing ? 'Edit Patient' : 'Add New Patient'}>
        <Stack gap="md">
          <Section title="Personal Information">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('firstName', 'First Name', { withAsterisk: true, autoComplete: 'off', maxLength: 100 })}
              {text('lastName', 'Last Name', { withAsterisk: true, autoComplete: 'off', maxLength: 100 })}
              {text('dateOfBirth', 'Date of Birth', { withAsterisk: true, type: 'date', max: localIsoDate(), min: '1900-01-01' })}
              <NativeSelect
                name="gender"
                label="Gender"
                withAsterisk
                {...form.getInputProps('gender')}
                data={[{ value: '', label: 'Select gender' }, ...PATIENT_GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }))]}
              />
            </SimpleGrid>
          </Section>

          <Section title="Contact Information">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('phone', 'Phone Number', { withAsterisk: true, type: 'tel', autoComplete: 'off', maxLength: 30 })}
              {text('email', 'Email', { withAsterisk: true, type: 'email', autoComplete: 'off', maxLength: 254 })}
            </SimpleGrid>
          </Section>

          <Section title="Address">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('street', 'Street Address', { withAsterisk: true, maxLength: 200 })}
              {text('city', 'City', { withAsterisk: true, maxLength: 100 })}
              {text('state', 'State', { withAsterisk: true, maxLength: 100 })}
              {text('zipCode', 'ZIP Code', { withAsterisk: true, maxLength: 10 })}
              {text('country', 'Country', { maxLength: 100 })}
            </SimpleGrid>
          </Section>

          <Section title="Emergency Contact">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {text('emergencyContactName', 'Contact Name', { withAsterisk: true, maxLength: 200 })}
              {text('emergencyContactRelationship', 'Relationship', { withAsterisk: true, maxLength: 100 })}
              {text('emergencyContactPhone', 'Contact Phone', { withAsterisk: true, type: 'tel', maxLength: 30 })}
            </SimpleGrid>
          </Section>

          <Section title="Medical Information">
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <NativeSelect
                  name="bloodType"
                  label="Blood Type"
                  {...form.getInputProps('bloodType')}
                  data={[{ value: '', label: 'Unknown' }, ...BLOOD_TYPES.map((b) => ({ value: b, label: b }))]}
                />
                {text('insuranceProvider', 'Insurance Provider', { maxLength: 200 })}
                {text('insuranceNumber', 'Insurance Number', { maxLength: 100 })}
              </SimpleGrid>
              {list('allergies', 'Allergies', 'allergy', 'e.g. Penicillin')}
              {list('currentMedications', 'Current Medications', 'medication', 'e.g. Lisinopril 10 mg')}
              {list('medicalHistory', 'Medical Conditions', 'condition', 'e.g. Hypertension')}
            </Stack>
          </Section>

          <Group justify="flex-end">
            <Button variant="default" component={Link} to={editing ? `/patients/${id}` : '/patients'}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : editing ? 'Update Patient' : 'Create Patient'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
