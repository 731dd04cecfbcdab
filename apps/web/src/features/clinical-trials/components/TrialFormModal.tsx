import { trialBody, type TrialDto, type TrialInput } from '@clinic/domain/contracts/clinical-trials';
import { AGE_UNITS, TRIAL_PHASES, TRIAL_STATUSES } from '@clinic/domain/rules/clinical-trials';
import { Button, Group, Modal, NativeSelect, NumberInput, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../../ui/Banner';
import { useSaveTrial } from '../api/save-trial';

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

function formOf(trial: TrialDto | null): TrialForm {
  return {
    title: trial?.title ?? '',
    phase: trial?.phase ?? 'Phase II',
    status: trial?.status ?? 'Recruiting',
    sponsor: trial?.sponsor ?? '',
    principalInvestigator: trial?.principalInvestigator ?? '',
    startDate: trial?.startDate ?? new Date().toISOString().slice(0, 10),
    endDate: trial?.endDate ?? '',
    targetEnrollment: trial?.targetEnrollment ?? 50,
    ageMin: trial?.ageRange.min ?? 0,
    ageMax: trial?.ageRange.max ?? 17,
    ageUnit: trial?.ageRange.unit ?? 'years',
    indications: trial?.indications.join('\n') ?? '',
    interventions: trial?.interventions.join('\n') ?? '',
    endpoints: trial?.endpoints.join('\n') ?? '',
    inclusionCriteria: trial?.inclusionCriteria.join('\n') ?? '',
    exclusionCriteria: trial?.exclusionCriteria.join('\n') ?? '',
    protocol: trial?.protocol ?? '',
    regulatoryApproval: trial?.regulatoryApproval ?? '',
  };
}

function bodyOf(f: TrialForm): TrialInput {
  return {
    title: f.title,
    phase: f.phase as TrialInput['phase'],
    status: f.status as TrialInput['status'],
    sponsor: f.sponsor,
    principalInvestigator: f.principalInvestigator,
    startDate: f.startDate,
    endDate: f.endDate || null,
    targetEnrollment: Number(f.targetEnrollment),
    ageRange: { min: Number(f.ageMin), max: Number(f.ageMax), unit: f.ageUnit as 'years' | 'months' },
    indications: lines(f.indications),
    interventions: lines(f.interventions),
    endpoints: lines(f.endpoints),
    inclusionCriteria: lines(f.inclusionCriteria),
    exclusionCriteria: lines(f.exclusionCriteria),
    protocol: f.protocol,
    regulatoryApproval: f.regulatoryApproval,
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

function TrialFormBody({ trial, onClose }: { trial: TrialDto | null; onClose: () => void }) {
  const [form, setForm] = useState(() => formOf(trial));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveTrial();
  const field = (key: keyof TrialForm, label: string, required = false) => ({
    label,
    value: form[key] as string,
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setForm((f) => ({ ...f, [key]: value }));
    },
    ...(required ? { withAsterisk: true, 'aria-required': true as const } : {}),
  });
  const num = (key: 'targetEnrollment' | 'ageMin' | 'ageMax', label: string) => ({
    label,
    value: form[key],
    onChange: (v: number | string) => setForm((f) => ({ ...f, [key]: v })),
    withAsterisk: true,
    min: 0,
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = trialBody.safeParse(bodyOf(form));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError(`${issue.path.join('.') || 'Trial'}: ${issue.message}`);
      return;
    }
    try {
      await save.mutateAsync({ id: trial?.id, body: bodyOf(form) });
      onClose();
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
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
          <Textarea {...field('indications', 'Indications')} description="One per line" autosize minRows={2} />
          <Textarea {...field('interventions', 'Interventions')} description="One per line" autosize minRows={2} />
          <Textarea {...field('endpoints', 'Endpoints')} description="One per line" autosize minRows={2} />
          <Textarea {...field('inclusionCriteria', 'Inclusion Criteria')} description="One per line" autosize minRows={2} />
          <Textarea {...field('exclusionCriteria', 'Exclusion Criteria')} description="One per line" autosize minRows={2} />
        </SimpleGrid>
        {error && <Banner tone="error">{error}</Banner>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {trial ? 'Save Trial' : 'Create Trial'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
