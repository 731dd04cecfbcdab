import { trialBody, type TrialDto, type TrialInput } from '@clinic/domain/contracts/clinical-trials';
import { AGE_UNITS, TRIAL_PHASES, TRIAL_STATUSES } from '@clinic/domain/rules/clinical-trials';
import { Modal, NativeSelect, NumberInput, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { viewerToday } from '../../../ui/calendar-today';
import { useZodForm } from '../../../ui/use-zod-form';
import { useSaveTrial } from '../api/save-trial';
import { ModalFormActions } from './ModalFormActions';

/** The form's text: lists one entry per line. */
interface TrialForm {
  title: string;
  phase: string;
  status: string;
  sponsor: string;
  principalInvestigator: string;
  startDate: string;
  endDate: string;
  targetEnrollment: number | string;
  ageMin: number | string;
  ageMax: number | string;
  ageUnit: string;
  indications: string;
  interventions: string;
  endpoints: string;
  inclusionCriteria: string;
  exclusionCriteria: string;
  protocol: string;
  regulatoryApproval: string;
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);

/** The lists, one entry per line. */
const LIST_FIELDS = [
  ['indications', 'Indications'],
  ['interventions', 'Interventions'],
  ['endpoints', 'Endpoints'],
  ['inclusionCriteria', 'Inclusion Criteria'],
  ['exclusionCriteria', 'Exclusion Criteria'],
] as const satisfies ReadonlyArray<readonly [keyof TrialForm, string]>;

type ListKey = (typeof LIST_FIELDS)[number][0];

/** A trial's lists as the form's text, one entry per line. */
const listTexts = (trial: TrialDto | null) =>
  Object.fromEntries(LIST_FIELDS.map(([key]) => [key, trial?.[key].join('\n') ?? ''])) as Record<ListKey, string>;

/** The form's list texts as the body's lists: one entry per non-blank line. */
const listsOf = (f: TrialForm) => Object.fromEntries(LIST_FIELDS.map(([key]) => [key, lines(f[key])])) as Record<ListKey, string[]>;

function formOf(trial: TrialDto | null): TrialForm {
  return {
    title: trial?.title ?? '',
    phase: trial?.phase ?? 'Phase II',
    status: trial?.status ?? 'Recruiting',
    sponsor: trial?.sponsor ?? '',
    principalInvestigator: trial?.principalInvestigator ?? '',
    startDate: trial?.startDate ?? viewerToday(),
    endDate: trial?.endDate ?? '',
    targetEnrollment: trial?.targetEnrollment ?? 50,
    ageMin: trial?.ageRange.min ?? 0,
    ageMax: trial?.ageRange.max ?? 17,
    ageUnit: trial?.ageRange.unit ?? 'years',
    ...listTexts(trial),
    protocol: trial?.protocol ?? '',
    regulatoryApproval: trial?.regulatoryApproval ?? '',
  };
}

/** The body of the form: text fields as typed, numbers as numbers, the lists split into lines. */
function bodyOf(f: TrialForm): TrialInput {
  const { ageMin, ageMax, ageUnit, targetEnrollment, endDate, phase, status, ...text } = f;
  return {
    ...text,
    ...listsOf(f),
    phase: phase as TrialInput['phase'],
    status: status as TrialInput['status'],
    endDate: endDate || null,
    targetEnrollment: Number(targetEnrollment),
    ageRange: { min: Number(ageMin), max: Number(ageMax), unit: ageUnit as 'years' | 'months' },
  };
}

/** Creates a trial (`trial` null) or edits one, every field of the spec's Clinical trial. */
export function TrialFormModal({ trial, opened, onClose }: { trial: TrialDto | null; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={trial ? 'Edit Trial' : 'New Trial'} size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened && <TrialFormBody trial={trial} onClose={onClose} />}
    </Modal>
  );
}

/** `ageRange.min` -> `ageMin` (and max, unit); other issues go to the field their path starts with. */
function fieldOf(path: string): string | null {
  const [first, second] = path.split('.');
  if (first !== 'ageRange') return first || null;
  return second === 'min' ? 'ageMin' : second === 'unit' ? 'ageUnit' : 'ageMax';
}

function TrialFormBody({ trial, onClose }: { trial: TrialDto | null; onClose: () => void }) {
  const form = useZodForm({ schema: trialBody, toInput: bodyOf, fieldOf, initialValues: formOf(trial) });
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveTrial();
  const field = (key: keyof TrialForm, label: string, required = false) => ({
    label,
    ...form.getInputProps(key),
    ...(required ? { withAsterisk: true, 'aria-required': true as const } : {}),
  });
  const num = (key: 'targetEnrollment' | 'ageMin' | 'ageMax', label: string) => ({ label, ...form.getInputProps(key), withAsterisk: true, min: 0 });
  const submit = form.onSubmit((body) => save.mutateAsync({ id: trial?.id, body }).then(onClose, (err: Error) => setFailure(err.message)));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput {...field('title', 'Title', true)} data-autofocus />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NativeSelect {...field('phase', 'Phase', true)} data={[...TRIAL_PHASES]} />
          <NativeSelect {...field('status', 'Status', true)} data={[...TRIAL_STATUSES]} />
          <NumberInput {...num('targetEnrollment', 'Target Enrollment')} />
          <TextInput {...field('sponsor', 'Sponsor', true)} />
          <TextInput {...field('principalInvestigator', 'Principal Investigator', true)} />
          <TextInput {...field('protocol', 'Protocol')} />
          <TextInput {...field('startDate', 'Start Date', true)} type="date" />
          <TextInput {...field('endDate', 'End Date')} type="date" />
          <TextInput {...field('regulatoryApproval', 'Regulatory Approval')} />
          <NumberInput {...num('ageMin', 'Minimum Age')} />
          <NumberInput {...num('ageMax', 'Maximum Age')} />
          <NativeSelect {...field('ageUnit', 'Age Unit', true)} data={[...AGE_UNITS]} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {LIST_FIELDS.map(([key, label]) => (
            <Textarea key={key} {...field(key, label)} description="One per line" autosize minRows={2} />
          ))}
        </SimpleGrid>
        <ModalFormActions
          failure={form.formError ?? failure}
          onCancel={onClose}
          pending={save.isPending}
          submitLabel={trial ? 'Save Trial' : 'Create Trial'}
        />
      </Stack>
    </form>
  );
}
