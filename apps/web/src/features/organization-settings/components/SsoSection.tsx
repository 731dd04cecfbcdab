import { SSO_DEFAULT_ROLES, type SsoConfiguration } from '@clinic/domain/contracts/sso';
import { Button, Fieldset, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { Banner } from '../../../ui/Banner';
import { IssueList } from '../../../ui/IssueList';
import { QueryState } from '../../../ui/QueryState';
import { useZodForm } from '../../../ui/use-zod-form';
import { useSsoConfiguration } from '../api/get-sso-configuration';
import { useSaveSsoConfiguration } from '../api/save-sso-configuration';
import { SSO_FORM, absoluteUrl, ssoDraftOf } from '../sso-draft';
import { SsoClientSecret } from './SsoClientSecret';
import { SsoCopyField } from './SsoCopyField';
import { SsoDomains } from './SsoDomains';

/**
 * The Single sign-on tab: the organization's OpenID Connect identity provider, its domains, whether
 * members must use it, and the addresses to give the provider and the staff. Saved on its own
 * (Save Single Sign-On): it is a configuration of its own, checked against the provider when saved.
 */
export function SsoSection() {
  const sso = useSsoConfiguration();
  // Held here: a save replaces the data, which starts the form afresh; the notice stays.
  const [done, setDone] = useState(false);
  return (
    <QueryState query={sso} loadingLabel="Loading single sign-on settings">
      {/* A domain's verification changes no field: it does not start the form afresh. */}
      {(data) => <SsoSettingsForm key={formKey(data)} saved={data} done={done} setDone={setDone} />}
    </QueryState>
  );
}

const formKey = (c: SsoConfiguration) => JSON.stringify({ ...c, domains: c.domains.map((d) => d.domain) });

function SsoSettingsForm({ saved, done, setDone }: { saved: SsoConfiguration; done: boolean; setDone: (done: boolean) => void }) {
  const save = useSaveSsoConfiguration();
  const form = useZodForm({ ...SSO_FORM, initialValues: ssoDraftOf(saved), onValuesChange: () => setDone(false) });
  const [error, setError] = useState<{ message: string; issues: string[] } | null>(null);
  const changed = JSON.stringify(form.getValues()) !== JSON.stringify(ssoDraftOf(saved));
  const submit = form.onSubmit(
    (body) => {
      setError(null);
      // The promise, not mutate's callbacks: those are dropped when the saved data remounts this form.
      save.mutateAsync(body).then(
        () => setDone(true),
        (err: Error) => {
          const issues = err instanceof ApiError ? (err.issues ?? []) : [];
          // Each issue at its field (the issuer's discovery, a domain held elsewhere), and listed here.
          if (issues.length) form.setIssues(issues);
          setError({ message: err.message, issues: issues.map((i) => i.message) });
        },
      );
    },
    () => setError({ message: 'Some fields are invalid.', issues: [] }),
  );

  return (
    <form onSubmit={submit} aria-label="Single sign-on settings">
      <Stack>
        <Text size="sm">
          Sign your staff in with your organization&apos;s identity provider (OpenID Connect). These settings are saved on their own, with Save
          Single Sign-On.
        </Text>
        <Switch
          label="Enable single sign-on"
          description="Offer sign-in through your identity provider on the sign-in screen and through the sign-in link."
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
        <Fieldset legend="Identity Provider">
          <Stack>
            <TextInput
              label="Issuer URL"
              type="url"
              placeholder="https://login.example.org"
              description="Its OpenID Connect discovery document is read and checked when you save."
              required
              {...form.getInputProps('issuer')}
            />
            <TextInput label="Client ID" required autoComplete="off" {...form.getInputProps('clientId')} />
            <SsoClientSecret form={form} hasClientSecret={saved.hasClientSecret} />
            <SsoCopyField
              label="Redirect URI"
              description="Register this address as the client's redirect URI at your identity provider."
              value={saved.redirectUri}
              copyLabel="Copy redirect URI"
              testId="sso-redirect-uri"
            />
          </Stack>
        </Fieldset>
        <SsoDomains form={form} saved={saved.domains} />
        <Fieldset legend="Sign-In">
          <Stack>
            <Switch
              label="Enforce single sign-on"
              description="Members sign in through your identity provider only, not with a password. The Owner keeps their password as a break-glass way in, should the identity provider be unavailable."
              {...form.getInputProps('enforce', { type: 'checkbox' })}
            />
            <Select
              label="Default role"
              description="The role of a person who joins the organization at their first single sign-on."
              data={[...SSO_DEFAULT_ROLES]}
              allowDeselect={false}
              {...form.getInputProps('defaultRole')}
            />
            <SsoCopyField
              label="Sign-in link"
              description="Share this link with your staff: it signs them in through your identity provider without asking for their e-mail."
              value={absoluteUrl(saved.signInUrl)}
              copyLabel="Copy sign-in link"
              testId="sso-sign-in-url"
            />
          </Stack>
        </Fieldset>
        {error && (
          <Banner title={error.message}>
            <IssueList issues={error.issues} fallback="Nothing was saved." />
          </Banner>
        )}
        {done && <Banner tone="success">Settings saved.</Banner>}
        <Group justify="flex-end">
          <Button type="submit" disabled={!changed || save.isPending} loading={save.isPending}>
            Save Single Sign-On
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
