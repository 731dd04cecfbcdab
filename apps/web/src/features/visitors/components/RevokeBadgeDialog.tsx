import { visitorBadgeRevokeBody, type VisitorDto } from '@clinic/domain/contracts/visitors';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { Banner } from '../../../ui/Banner';
import { useZodForm } from '../../../ui/use-zod-form';
import { useRevokeBadge } from '../api/revoke-badge';

/** Revoke a badge with a reason: it no longer admits anyone and its visitor is checked out. */
export function RevokeBadgeDialog({ visitor, onClose }: { visitor: VisitorDto | null; onClose: () => void }) {
  const revoke = useRevokeBadge();
  const form = useZodForm({ schema: visitorBadgeRevokeBody, initialValues: { reason: '' } });
  const close = () => {
    form.reset();
    revoke.reset();
    onClose();
  };
  const onSubmit = form.onSubmit(({ reason }) => {
    if (visitor) revoke.mutate({ id: visitor.id, reason }, { onSuccess: close });
  });
  return (
    <Modal opened={visitor !== null} onClose={close} title="Revoke Badge" closeButtonProps={{ 'aria-label': 'Close' }}>
      {visitor && (
        <form onSubmit={onSubmit}>
          <Stack gap="md">
            <Text>
              Badge {visitor.badgeNumber} of {visitor.firstName} {visitor.lastName} will no longer admit anyone, and the visitor is checked out.
            </Text>
            {revoke.isError && <Banner>{revoke.error.message}</Banner>}
            <TextInput label="Reason" {...form.getInputProps('reason')} maxLength={500} required data-autofocus />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={revoke.isPending} disabled={!form.getValues().reason.trim()}>
                Revoke Badge
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
