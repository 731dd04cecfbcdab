import type { OrganizationSettingsDto } from '@clinic/domain/contracts/organization-settings';
import { Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDay } from '../../../ui/date-format';
import type { Draft, SettingsForm } from '../draft';

/** A read-only figure of the subscription: its name above its value. */
function Fact({ label, children, capitalize }: { label: string; children: ReactNode; capitalize?: boolean }) {
  return (
    <div>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fw={600} tt={capitalize ? 'capitalize' : undefined}>
        {children}
      </Text>
    </div>
  );
}

type AddressField = keyof Draft['billing']['address'];

/** The Billing tab: the plan as saved (read-only), the billing e-mail and address. */
export function BillingSection({ form, saved }: { form: SettingsForm; saved: OrganizationSettingsDto }) {
  const address = (field: AddressField, label: string) => <TextInput label={label} {...form.getInputProps(`billing.address.${field}`)} />;
  return (
    <Stack>
      <Group gap="xl">
        <Fact label="Plan" capitalize>
          {saved.billing.plan ?? 'No plan'} ({saved.billing.status})
        </Fact>
        <Fact label="Next Billing Date">{formatDay(saved.billing.nextBillingDate, 'numeric', 'None')}</Fact>
        <Fact label="Payment Method">{saved.billing.paymentMethod ?? 'No payment method'}</Fact>
      </Group>
      <TextInput label="Billing Email" type="email" {...form.getInputProps('billing.email')} />
      <Fieldset legend="Billing Address">
        <Stack>
          {address('street', 'Street')}
          <Group grow>
            {address('city', 'City')}
            {address('state', 'State')}
            {address('zip', 'ZIP')}
          </Group>
        </Stack>
      </Fieldset>
    </Stack>
  );
}
