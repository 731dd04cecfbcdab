import type { ClinicDto } from '@clinic/domain/contracts/organizations';
import { roleRank } from '@clinic/domain/rules/access';
import { Alert, Divider, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useSession } from '../../../api/session';
import { FormActions } from '../../../ui/FormActions';
import { useZodForm } from '../../../ui/use-zod-form';
import { useSaveClinic } from '../api/save-clinic';
import { clinicFormSpec, clinicToForm } from './clinic-form';
import { typeLabel } from './OrganizationOverview';

const CLINIC_TYPES = ['general', 'emergency', 'pediatric', 'specialty', 'urgent_care'].map((value) => ({ value, label: typeLabel(value) }));
const CLINIC_STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/** Adding a clinic or editing one; an Admin edits its emergency settings too. */
export function ClinicForm({ organizationId, clinic, onDone }: { organizationId: string; clinic: ClinicDto | null; onDone: () => void }) {
  const save = useSaveClinic(organizationId);
  const session = useSession();
  // The emergency settings need Admin or above and a plan with the emergency room (the server checks both); a new clinic gets them on its first edit.
  const canSetEmergency =
    clinic !== null &&
    roleRank(session.data?.organizationUser?.role ?? 'Viewer') >= roleRank('Admin') &&
    Boolean(session.data?.features.includes('emergencyRoom'));
  const form = useZodForm({ ...clinicFormSpec(clinic, canSetEmergency), initialValues: clinicToForm(clinic) });
  const [error, setError] = useState<string | null>(null);
  const submit = form.onSubmit(async (body) => {
    setError(null);
    try {
      await save.mutateAsync({ id: clinic?.id, ...body });
      notifications.show({ color: 'green', message: clinic ? 'Clinic updated successfully!' : 'Clinic added successfully!' });
      onDone();
    } catch (err) {
      setError((err as Error).message);
    }
  });
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput label="Clinic name" required {...form.getInputProps('name')} data-autofocus />
        <Select label="Clinic type" data={CLINIC_TYPES} {...form.getInputProps('type')} allowDeselect={false} />
        <TextInput label="Clinic address" {...form.getInputProps('address')} />
        <TextInput label="Clinic phone" type="tel" {...form.getInputProps('phone')} />
        <TextInput label="Clinic email" type="email" {...form.getInputProps('email')} />
        <Select label="Clinic status" data={CLINIC_STATUSES} {...form.getInputProps('status')} allowDeselect={false} />
        {canSetEmergency && (
          <Stack gap="sm" role="group" aria-label="Emergency room">
            <Divider label="Emergency room" labelPosition="left" />
            <TextInput label="Emergency level" placeholder="e.g. Level II Trauma Center" {...form.getInputProps('level')} />
            <TextInput label="Facility ID" {...form.getInputProps('facilityId')} />
            <NumberInput
              label="Emergency beds"
              min={0}
              max={10000}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('bedCount')}
            />
          </Stack>
        )}
        <FormActions submitLabel={clinic ? 'Save Clinic' : 'Add Clinic'} loading={save.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}
