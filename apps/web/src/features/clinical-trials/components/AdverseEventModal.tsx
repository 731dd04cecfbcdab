import { adverseEventBody, type AdverseEventInput, type TrialDto } from '@clinic/domain/contracts/clinical-trials';
import { AE_RELATEDNESS, AE_SEVERITIES, isSeriousAdverseEvent, reportingDueDate } from '@clinic/domain/rules/clinical-trials';
import { Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../../ui/Banner';
import { useEnrollments } from '../api/get-enrollments';
import { useReportAdverseEvent } from '../api/report-adverse-event';

/** Reports an adverse event of a patient enrolled in one of the trials. */
export function AdverseEventModal({ trials, opened, onClose }: { trials: TrialDto[]; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Report Adverse Event" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened && <AdverseEventForm trials={trials} onClose={onClose} />}
    </Modal>
  );
}

function AdverseEventForm({ trials, onClose }: { trials: TrialDto[]; onClose: () => void }) {
  const [trialId, setTrialId] = useState(trials[0]?.id ?? '');
  const enrollments = useEnrollments(trialId || null);
  const [form, setForm] = useState({
    patientId: '',
    eventType: '',
    severity: 'Mild',
    relatedness: 'Possible',
    description: '',
    date: new Date().toISOString().slice(0, 10),
    actionTaken: '',
  });
  const [error, setError] = useState<string | null>(null);
  const report = useReportAdverseEvent();
  const set = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setForm((f) => ({ ...f, [key]: value }));
    },
  });
  const due = reportingDueDate(form.severity, form.date);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { ...form } as AdverseEventInput;
    const parsed = adverseEventBody.safeParse(body);
    if (!trialId || !parsed.success) {
      const issue = parsed.success ? null : parsed.error.issues[0];
      setError(issue ? `${issue.path.join('.')}: ${issue.message}` : 'Choose a trial.');
      return;
    }
    try {
      await report.mutateAsync({ trialId, body });
      onClose();
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <NativeSelect
          label="Trial"
          withAsterisk
          value={trialId}
          onChange={(e) => setTrialId(e.currentTarget.value)}
          data={trials.map((t) => ({ value: t.id, label: t.title }))}
        />
        <NativeSelect
          label="Patient"
          withAsterisk
          {...set('patientId')}
          data={[
            { value: '', label: enrollments.isPending ? 'Loading…' : 'Select a patient…' },
            ...(enrollments.data ?? []).map((e) => ({
              value: e.patientId,
              label: `${e.patientName}${e.screeningNumber ? ` (${e.screeningNumber})` : ''}`,
            })),
          ]}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Event Type" withAsterisk {...set('eventType')} />
          <TextInput label="Event Date" withAsterisk type="date" {...set('date')} />
          <NativeSelect label="Severity" withAsterisk {...set('severity')} data={[...AE_SEVERITIES]} />
          <NativeSelect label="Relatedness" withAsterisk {...set('relatedness')} data={[...AE_RELATEDNESS]} />
        </SimpleGrid>
        <Textarea label="Description" withAsterisk autosize minRows={2} {...set('description')} />
        <Textarea label="Action Taken" autosize minRows={2} {...set('actionTaken')} />
        {isSeriousAdverseEvent(form.severity) && (
          <Text fw={600} c="red.9">
            Serious adverse event: staff will be alerted, and the safety report is due by {due}.
          </Text>
        )}
        {error && <Banner tone="error">{error}</Banner>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={report.isPending}>
            Report Event
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
