import { visitorRestrictBody, type VisitorDto } from '@clinic/domain/contracts/visitors';
import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Banner } from '../../../ui/Banner';
import { useZodForm } from '../../../ui/use-zod-form';
import { useCheckOutVisitor } from '../api/check-out-visitor';
import { useSetVisitorRestriction } from '../api/restrict-visitor';

const RATINGS = ['', '1', '2', '3', '4', '5'];

/**
 * The detail's actions: Check Out with the visitor's optional rating (the overview's satisfaction),
 * and Restrict (the kiosk refuses them from now on) or Lift Restriction, each with a reason.
 */
export function VisitorActions({ visitor }: { visitor: VisitorDto }) {
  const checkOut = useCheckOutVisitor();
  const restriction = useSetVisitorRestriction();
  const [rating, setRating] = useState('');
  const form = useZodForm({ schema: visitorRestrictBody, initialValues: { reason: '' } });
  const restricted = visitor.status === 'Restricted';
  const open = visitor.status === 'Checked In' || visitor.status === 'Expired';
  const onRestriction = form.onSubmit(({ reason }) =>
    restriction.mutate({ id: visitor.id, restrict: !restricted, reason }, { onSuccess: () => form.reset() }),
  );
  return (
    <Stack gap="sm" mt="sm">
      {checkOut.isError && <Banner>{checkOut.error.message}</Banner>}
      {restriction.isError && <Banner>{restriction.error.message}</Banner>}
      {open && (
        <Group align="flex-end">
          <NativeSelect
            label="Visit rating (optional)"
            data={RATINGS.map((r) => ({ value: r, label: r ? `${r} of 5` : 'Not rated' }))}
            value={rating}
            onChange={(e) => setRating(e.currentTarget.value)}
          />
          <Button onClick={() => checkOut.mutate({ id: visitor.id, rating: rating ? Number(rating) : undefined })} loading={checkOut.isPending}>
            Check Out
          </Button>
        </Group>
      )}
      <form onSubmit={onRestriction}>
        <Group align="flex-end">
          <TextInput
            label={restricted ? 'Reason to lift the restriction' : 'Reason to restrict'}
            {...form.getInputProps('reason')}
            maxLength={500}
            required
            miw={260}
          />
          <Button
            type="submit"
            color={restricted ? 'blue' : 'red'}
            variant="light"
            loading={restriction.isPending}
            disabled={!form.getValues().reason.trim()}
          >
            {restricted ? 'Lift Restriction' : 'Restrict Visitor'}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
