import { Fieldset, NumberInput, Stack, Switch, Textarea } from '@mantine/core';
import type { SettingsForm } from '../draft';

/** The Security tab: the second factor, the session timeout, the password policy and the IP allow-list. */
export function SecuritySection({ form }: { form: SettingsForm }) {
  return (
    <Stack>
      <Switch
        label="Require Two-Factor Authentication"
        description="Members without a second factor must set one up before they reach any staff screen."
        {...form.getInputProps('security.requireTwoFactor', { type: 'checkbox' })}
      />
      <NumberInput label="Session Timeout (minutes)" min={5} max={720} allowDecimal={false} {...form.getInputProps('security.sessionTimeout')} />
      <Fieldset legend="Password Policy">
        <Stack>
          <NumberInput label="Minimum Length" min={6} max={128} allowDecimal={false} {...form.getInputProps('security.passwordPolicy.minLength')} />
          <Switch label="Require Symbols" {...form.getInputProps('security.passwordPolicy.requireSymbols', { type: 'checkbox' })} />
          <Switch label="Require Numbers" {...form.getInputProps('security.passwordPolicy.requireNumbers', { type: 'checkbox' })} />
          <Switch label="Require Uppercase" {...form.getInputProps('security.passwordPolicy.requireUppercase', { type: 'checkbox' })} />
        </Stack>
      </Fieldset>
      <Textarea
        label="IP Whitelist"
        description="One IP address or CIDR range per line (e.g. 203.0.113.0/24). Leave empty to allow every address."
        autosize
        minRows={3}
        {...form.getInputProps('ipText')}
      />
    </Stack>
  );
}
