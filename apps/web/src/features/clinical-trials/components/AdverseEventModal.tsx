import { adverseEventBody, type AdverseEventInput, type TrialDto } from '@clinic/domain/contracts/clinical-trials';
import { AE_RELATEDNESS, AE_SEVERITIES, isSeriousAdverseEvent, reportingDueDate } from '@clinic/domain/rules/clinical-trials';
import { Modal, NativeSelect, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { viewerToday } from '../../../ui/calendar-today';
import { useZodForm } from '../../../ui/use-zod-form';
import { useEnrollments } from '../api/get-enrollments';
import { useReportAdverseEvent } from '../api/report-adverse-event';
import { ModalFormActions } from './ModalFormActions';

/** Reports an adverse event of a patient enrolled in one of the trials. */
export function AdverseEventModal({ trials, opened, onClose }: { trials: TrialDto[]; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Report Adverse Event" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened && <AdverseEventForm trials={trials} onClose={onClose} />}
    </Modal>
  );
}

/** The event as typed: the trial it belongs to, then the contract's body. */
type AdverseEventForm = { trialId: string } & Required<Omit<AdverseEventInput, 'actionTaken'>> & { actionTaken: string };

function AdverseEventForm({ trials, onClose }: { trials: TrialDto[]; onClose: () => void }) {
  const form = useZodForm({
    schema: adverseEventBody,
    toInput: ({ trialId: _trial, ...body }: AdverseEventForm) => body,
    initialValues: {
      trialId: trials[0]?.id ?? '',
      patientId: '',
      eventType: '',
      severity: 'Mild',
      relatedness: 'Possible',
      description: '',
      date: viewerToday(),
      actionTaken: '',
    } as AdverseEventForm,
  });
  const { trialId, severity, date } = form.getValues();
  const enrollments = useEnrollments(trialId || null);
  const [failure, setFailure] = useState<string | null>(null);
  const report = useReportAdverseEvent();
  const due = reportingDueDate(severity, date);
  const submit = form.onSubmit((body) => {
    if (!trialId) return setFailure('Choose a trial.');
    return report.mutateAsync({ trialId, body }).then(onClose, (err: Error) => setFailure(err.message));
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <NativeSelect label="Trial" withAsterisk {...form.getInputProps('trialId')} data={trials.map((t) => ({ value: t.id, label: t.title }))} />
        <NativeSelect
          label="Patient"
          withAsterisk
          {...form.getInputProps('patientId')}
          data={[
            { value: '', label: enrollments.isPending ? 'Loading…' : 'Select a patient…' },
            ...(enrollments.data ?? []).map((e) => ({
              value: e.patientId,
              label: `${e.patientName}${e.screeningNumber ? ` (${e.screeningNumber})` : ''}`,
            })),
          ]}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Event Type" withAsterisk {...form.getInputProps('eventType')} />
          <TextInput label="Event Date" withAsterisk type="date" {...form.getInputProps('date')} />
          <NativeSelect label="Severity" withAsterisk {...form.getInputProps('severity')} data={[...AE_SEVERITIES]} />
          <NativeSelect label="Relatedness" withAsterisk {...form.getInputProps('relatedness')} data={[...AE_RELATEDNESS]} />
        </SimpleGrid>
        <Textarea label="Description" withAsterisk autosize minRows={2} {...form.getInputProps('description')} />
        <Textarea label="Action Taken" autosize minRows={2} {...form.getInputProps('actionTaken')} />
        {isSeriousAdverseEvent(severity) && (
          <Text fw={600} c="red.9">
            Serious adverse event: staff will be alerted, and the safety report is due by {due}.
          </Text>
        )}
        <ModalFormActions failure={form.formError ?? failure} onCancel={onClose} pending={report.isPending} submitLabel="Report Event" />
      </Stack>
    </form>
  );
}
