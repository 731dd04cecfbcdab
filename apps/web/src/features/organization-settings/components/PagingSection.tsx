import type { OrganizationSettingsDto } from '@clinic/domain/contracts/organization-settings';
import { PAGING_ACCESS } from '@clinic/domain/rules/route-access';
import { PAGE_TIMEOUT_MINUTES } from '@clinic/domain/rules/paging';
import { Button, CopyButton, Fieldset, Group, NumberInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useAllowed } from '../../../api/session/use-allowed';
import type { SettingsForm } from '../draft';
import { PagingDeliveries } from './PagingDeliveries';

const TIMEOUTS = [
  ['emergency', 'Emergency'],
  ['urgent', 'Urgent'],
  ['routine', 'Routine'],
] as const;

/**
 * The Paging tab: how long a page waits for an acknowledgement before it escalates, by priority;
 * automatic pages for critical alerts; the outbound webhook, its signing secret and its deliveries.
 */
export function PagingSection({ form, saved }: { form: SettingsForm; saved: OrganizationSettingsDto }) {
  // The deliveries are the Admin's, on a plan with paging: nobody else is sent for them.
  const mayReadDeliveries = useAllowed(PAGING_ACCESS.deliveries);
  const secret = saved.paging.signingSecret;
  return (
    <Stack>
      <Fieldset legend="Acknowledgement Timeouts">
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          {TIMEOUTS.map(([key, name]) => (
            <NumberInput
              key={key}
              label={`${name} (minutes)`}
              description={`Before an unacknowledged ${name.toLowerCase()} page escalates`}
              min={PAGE_TIMEOUT_MINUTES.min}
              max={PAGE_TIMEOUT_MINUTES.max}
              allowDecimal={false}
              allowNegative={false}
              // A value out of range is left as typed and refused with its message, not silently changed.
              clampBehavior="none"
              {...form.getInputProps(`paging.timeoutMinutes.${key}`)}
            />
          ))}
        </SimpleGrid>
      </Fieldset>
      <Switch
        label="Page the on-call doctor automatically for CRITICAL alerts"
        description="A CRITICAL alert sends an emergency page to the clinic's on-call doctor without anyone pressing Page."
        {...form.getInputProps('paging.autoPageCritical', { type: 'checkbox' })}
      />
      <Fieldset legend="Paging Webhook">
        <Stack>
          <TextInput
            label="Webhook URL"
            type="url"
            placeholder="https://"
            description="Every page event is sent to this address as a signed POST. Leave empty to send none."
            {...form.getInputProps('paging.webhookUrl')}
          />
          {secret && (
            <Group align="flex-end" wrap="nowrap" gap="xs">
              <TextInput
                label="Signing Secret"
                description="Check each delivery's signature with this secret."
                value={secret}
                readOnly
                flex={1}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              />
              <CopyButton value={secret}>
                {({ copied, copy }) => (
                  <Button variant="default" onClick={copy} aria-label={copied ? 'Signing secret copied' : 'Copy signing secret'}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          )}
        </Stack>
      </Fieldset>
      {mayReadDeliveries && <PagingDeliveries />}
    </Stack>
  );
}
