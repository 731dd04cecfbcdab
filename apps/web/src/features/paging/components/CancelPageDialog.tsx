import type { PageDto } from '@clinic/domain/contracts/paging';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Banner } from '../../../ui/Banner';
import { useCancelPage } from '../api/mutations';

/** Cancels an open page, with an optional reason the timeline keeps. */
export function CancelPageDialog({ page, onClose }: { page: PageDto | null; onClose: () => void }) {
  return (
    <Modal opened={!!page} onClose={onClose} title="Cancel page" centered>
      {page && <CancelForm page={page} onDone={onClose} />}
    </Modal>
  );
}

function CancelForm({ page, onDone }: { page: PageDto; onDone: () => void }) {
  const cancel = useCancelPage();
  const [reason, setReason] = useState('');
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await cancel.mutateAsync({ id: page.id, reason: reason.trim() || undefined });
      notifications.show({ color: 'green', message: 'Page cancelled' });
      onDone();
    } catch {
      /* the server's message is shown above the buttons */
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Cancel page">
      <Stack gap="sm">
        <Text size="sm">
          Cancel the page to {page.recipient.name}: “{page.message}”
        </Text>
        <TextInput label="Reason (optional)" maxLength={200} value={reason} onChange={(e) => setReason(e.currentTarget.value)} data-autofocus />
        {cancel.isError && <Banner title="The page was not cancelled">{cancel.error.message}</Banner>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Keep Page
          </Button>
          <Button type="submit" color="red" loading={cancel.isPending}>
            Cancel Page
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
