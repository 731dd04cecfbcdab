import { Fieldset, NumberInput, Stack, Switch, Textarea } from '@mantine/core';
import type { Draft, EditDraft } from '../draft';

/** The Security tab: the second factor, the session timeout, the password policy and the IP allow-list. */
export function SecuritySection({ draft, edit }: { draft: Draft; edit: EditDraft }) {
  return (
    <Stack>
      <Switch
        label="Require Two-Factor Authentication"
        description="Members without a second factor must set one up before they reach any staff screen."
        checked={draft.security.requireTwoFactor}
        onChange={(e) => edit((d) => void (d.security.requireTwoFactor = e.currentTarget.checked))}
      />
      <NumberInput
        label="Session Timeout (minutes)"
        min={5}
        max={720}
        allowDecimal={false}
        value={draft.security.sessionTimeout}
        onChange={(v) => edit((d) => void (d.security.sessionTimeout = Number(v) || 0))}
      />
      <Fieldset legend="Password Policy">
        <Stack>
          <NumberInput
            label="Minimum Length"
            min={6}
            max={128}
            allowDecimal={false}
            value={draft.security.passwordPolicy.minLength}
            onChange={(v) => edit((d) => void (d.security.passwordPolicy.minLength = Number(v) || 0))}
          />
          <Switch
            label="Require Symbols"
            checked={draft.security.passwordPolicy.requireSymbols}
            onChange={(e) => edit((d) => void (d.security.passwordPolicy.requireSymbols = e.currentTarget.checked))}
          />
          <Switch
            label="Require Numbers"
            checked={draft.security.passwordPolicy.requireNumbers}
            onChange={(e) => edit((d) => void (d.security.passwordPolicy.requireNumbers = e.currentTarget.checked))}
          />
          <Switch
            label="Require Uppercase"
            checked={draft.security.passwordPolicy.requireUppercase}
            onChange={(e) => edit((d) => void (d.security.passwordPolicy.requireUppercase = e.currentTarget.checked))}
          />
        </Stack>
      </Fieldset>
      <Textarea
        label="IP Whitelist"
        description="One IP address or CIDR range per line (e.g. 203.0.113.0/24). Leave empty to allow every address."
        autosize
        minRows={3}
        value={draft.ipText}
        onChange={(e) => edit((d) => void (d.ipText = e.currentTarget.value))}
      />
    </Stack>
  );
}
