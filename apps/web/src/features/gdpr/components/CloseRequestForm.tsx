import { completeRightsRequestBody, type RightsRequestDto } from '@clinic/domain/contracts/gdpr';
import { Button, Group, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import type { FormEvent } from 'react';
import { Banner } from '../../../ui/Banner';
import { useZodForm } from '../../../ui/use-zod-form';
import { useCompleteRightsRequest } from '../api/complete-rights-request';
import { useErasePatient } from '../api/erase-patient';

type Answer = 'COMPLETED' | 'REJECTED';

/**
 * Closing a request: completed (for an erasure request: by erasing the contact details) or
 * rejected, with the resolution.
 */
export function CloseRequestForm({ patientId, request, onDone }: { patientId: string; request: RightsRequestDto; onDone: () => void }) {
  const complete = useCompleteRightsRequest();
  const erase = useErasePatient();
  const form = useZodForm({ schema: completeRightsRequestBody, initialValues: { outcome: 'COMPLETED' as Answer, resolution: '' } });
  const { outcome } = form.getValues();
  const erasing = request.type === 'erasure' && outcome === 'COMPLETED';
  const failure = complete.error ?? erase.error;

  // Erasing answers the request by itself: no resolution to check.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!erasing) return form.onSubmit((body) => complete.mutate({ id: request.id, ...body }, { onSuccess: onDone }))(event);
    event.preventDefault();
    erase.mutate({ patientId, requestId: request.id }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={onSubmit}>
      <Stack gap="sm">
        <SegmentedControl
          aria-label="Outcome"
          value={outcome}
          onChange={(v) => form.setFieldValue('outcome', v as Answer)}
          data={[
            { value: 'COMPLETED', label: request.type === 'erasure' ? 'Erase contact details' : 'Completed' },
            { value: 'REJECTED', label: 'Rejected' },
          ]}
        />
        {erasing ? (
          <Text size="sm">
            Medical records are not deleted: they are kept for the 7-year retention period. The patient&apos;s processing is restricted and their
            contact details (phone, email, address and emergency contact) are removed. This cannot be undone.
          </Text>
        ) : (
          <Textarea
            label="Resolution"
            description={outcome === 'REJECTED' ? 'Why the request was rejected' : 'How the request was answered'}
            {...form.getInputProps('resolution')}
            maxLength={5000}
            autosize
            minRows={2}
            data-autofocus
          />
        )}
        {failure && <Banner>{failure.message}</Banner>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" color={erasing ? 'red' : undefined} loading={complete.isPending || erase.isPending}>
            {erasing ? 'Erase Contact Details' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
