import { Button, Group, Modal, NativeSelect, Radio, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { submissionKeys } from '../../api/submission-key';
import { Banner } from '../../ui/Banner';
import { useZodForm } from '../../ui/use-zod-form';
import { useSendPage } from './api/mutations';
import { usePagingRecipients } from './api/queries';
import { PAGE_MESSAGE_MAX, composeFormSpec, emptyCompose, type PagePrefill, type PageTarget } from './lib/compose-form';
import { PRIORITY_LABELS } from './lib/page-display';
import { ON_CALL_ROLE_ORDER, recipientOptions } from './lib/recipients';

/** The compose form in a dialog: recipient or the role on call, priority, message, callback number. */
export function PageComposeModal({ opened, onClose, prefill = {} }: { opened: boolean; onClose: () => void; prefill?: PagePrefill }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Send a page" size="lg" centered>
      {/* Mounted only while open: each opening is a new page with its own Idempotency-Key. */}
      {opened && <ComposeForm prefill={prefill} onDone={onClose} />}
    </Modal>
  );
}

function ComposeForm({ prefill, onDone }: { prefill: PagePrefill; onDone: () => void }) {
  const send = useSendPage();
  const recipients = usePagingRecipients();
  const [keys] = useState(submissionKeys);
  const form = useZodForm({ ...composeFormSpec(prefill), initialValues: emptyCompose(prefill) });
  const { target, onCallRole, message } = form.values;
  const onCallNow = (recipients.data ?? []).filter((r) => r.onCallNow && r.role === onCallRole).map((r) => r.name);

  const onSubmit = form.onSubmit(async (body) => {
    try {
      const page = await send.mutateAsync({ body, idempotencyKey: keys.keyFor(body) });
      notifications.show({ color: 'green', message: `Page sent to ${page.recipient.name}` });
      onDone();
    } catch (err) {
      // The server's message shows above the buttons; its field issues next to their fields.
      if (err instanceof ApiError && err.issues?.length) form.setIssues(err.issues);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Send a page">
      <Stack gap="sm">
        {(prefill.patientName || prefill.alertId || prefill.queueEntryId) && (
          <Text size="sm" data-testid="page-about">
            {prefill.patientName ? `Patient: ${prefill.patientName}` : 'Patient: not named'}
            {prefill.alertId ? ' · about an alert' : prefill.queueEntryId ? ' · about a queue entry' : ''}
          </Text>
        )}
        <Radio.Group label="Send to" {...form.getInputProps('target')} onChange={(v) => form.setFieldValue('target', v as PageTarget)}>
          <Group mt={4}>
            <Radio value="onCall" label="Whoever is on call" />
            <Radio value="member" label="A member" />
          </Group>
        </Radio.Group>
        {target === 'onCall' ? (
          <NativeSelect
            label="Role on call"
            data={ON_CALL_ROLE_ORDER.map((r) => ({ value: r, label: r }))}
            description={
              recipients.data ? (onCallNow.length ? `On call now: ${onCallNow.join(', ')}` : 'Nobody is on call for this role now') : undefined
            }
            {...form.getInputProps('onCallRole')}
          />
        ) : (
          <Select
            label="Recipient"
            placeholder={recipients.isPending ? 'Loading members…' : 'Search by name'}
            data={recipientOptions(recipients.data ?? [])}
            searchable
            nothingFoundMessage="No member found"
            withAsterisk
            {...form.getInputProps('recipientMemberId')}
            onChange={(v) => form.setFieldValue('recipientMemberId', v ?? '')}
          />
        )}
        {recipients.isError && <Banner>{recipients.error.message}</Banner>}
        <Radio.Group label="Priority" withAsterisk {...form.getInputProps('priority')}>
          <Group mt={4}>
            {Object.entries(PRIORITY_LABELS).map(([value, label]) => (
              <Radio key={value} value={value} label={label} />
            ))}
          </Group>
        </Radio.Group>
        <Textarea
          label="Message"
          withAsterisk
          autosize
          minRows={3}
          maxRows={8}
          maxLength={PAGE_MESSAGE_MAX}
          description={`${message.length}/${PAGE_MESSAGE_MAX} characters`}
          data-autofocus
          {...form.getInputProps('message')}
        />
        <TextInput label="Callback number" type="tel" autoComplete="off" maxLength={40} {...form.getInputProps('callbackNumber')} />
        {(send.error || form.formError) && <Banner title="The page was not sent">{form.formError ?? send.error?.message}</Banner>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={send.isPending}>
            Send Page
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
