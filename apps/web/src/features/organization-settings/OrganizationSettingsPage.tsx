import type { OrganizationSettingsDto, UpdateOrganizationSettingsBody } from '@clinic/domain/contracts/organization-settings';
import { Button, Fieldset, Group, NumberInput, Select, Stack, Switch, Tabs, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { Banner } from '../../ui/Banner';
import { IssueList } from '../../ui/IssueList';
import { QueryState } from '../../ui/QueryState';
import { useOrganizationSettings } from './api/get-organization-settings';
import { useUpdateOrganizationSettings } from './api/update-organization-settings';

/** The spec's five types, with the server's values. */
const TYPES = [
  { value: 'hospital', label: 'Hospital' },
  { value: 'clinic', label: 'Clinic' },
  { value: 'medical_group', label: 'Medical Group' },
  { value: 'healthcare_system', label: 'Healthcare System' },
  { value: 'other', label: 'Other' },
];
const OTHER_TYPE_LABELS: Record<string, string> = {
  medical_center: 'Medical Center',
  urgent_care: 'Urgent Care',
  private_practice: 'Private Practice',
};
const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Español' },
  { value: 'fr', label: 'Français' },
  { value: 'de', label: 'Deutsch' },
];
const INTEGRATIONS = [
  ['emr', 'EMR'],
  ['lab', 'Lab'],
  ['radiology', 'Radiology'],
] as const;

/** What the form edits: the settings, with the allow-list as the text of its box. */
type Draft = OrganizationSettingsDto & { ipText: string };

const draftOf = (s: OrganizationSettingsDto): Draft => ({ ...structuredClone(s), ipText: s.security.ipWhitelist.join('\n') });

/** The body of a save: every editable field (the server merges; the billing plan is read-only). */
function bodyOf(d: Draft): UpdateOrganizationSettingsBody {
  return {
    general: d.general as UpdateOrganizationSettingsBody['general'],
    security: {
      requireTwoFactor: d.security.requireTwoFactor,
      sessionTimeout: d.security.sessionTimeout,
      passwordPolicy: d.security.passwordPolicy,
      ipWhitelist: d.ipText.split('\n'),
    },
    notifications: d.notifications,
    integrations: { emr: d.integrations.emr, lab: d.integrations.lab, radiology: d.integrations.radiology },
    billing: { email: d.billing.email, address: d.billing.address },
  };
}

/** /organization/settings: five tabs of real settings, saved with Save Changes and enforced by the server. */
export function OrganizationSettingsPage() {
  const settings = useOrganizationSettings();
  return (
    <Stack maw={900}>
      <QueryState query={settings} loadingLabel="Loading organization settings">
        {(data) => <SettingsForm key={JSON.stringify(data)} saved={data} />}
      </QueryState>
    </Stack>
  );
}

function SettingsForm({ saved }: { saved: OrganizationSettingsDto }) {
  const update = useUpdateOrganizationSettings();
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [error, setError] = useState<{ message: string; issues: string[] } | null>(null);
  const [done, setDone] = useState(false);
  const changed = JSON.stringify(draft) !== JSON.stringify(draftOf(saved));
  const edit = (fn: (d: Draft) => void) => {
    setDone(false);
    setDraft((d) => {
      const next = structuredClone(d);
      fn(next);
      return next;
    });
  };
  const save = () => {
    setError(null);
    update.mutate(bodyOf(draft), {
      onSuccess: () => setDone(true),
      onError: (err) =>
        setError({ message: err.message, issues: err instanceof ApiError ? (err.issues ?? []).map((i) => `${i.path}: ${i.message}`) : [] }),
    });
  };
  const typeOptions = TYPES.some((t) => t.value === draft.general.type)
    ? TYPES
    : [...TYPES, { value: draft.general.type, label: OTHER_TYPE_LABELS[draft.general.type] ?? draft.general.type }];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Organization Settings</Title>
        <Button onClick={save} disabled={!changed || update.isPending} loading={update.isPending}>
          Save Changes
        </Button>
      </Group>
      {changed && (
        <Text size="sm" c="gray.7">
          Unsaved changes
        </Text>
      )}
      {error && (
        <Banner title={error.message}>
          <IssueList issues={error.issues} fallback="Nothing was saved." />
        </Banner>
      )}
      {done && <Banner tone="success">Settings saved.</Banner>}
      <Tabs defaultValue="general" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="general">General</Tabs.Tab>
          <Tabs.Tab value="security">Security</Tabs.Tab>
          <Tabs.Tab value="notifications">Notifications</Tabs.Tab>
          <Tabs.Tab value="integrations">Integrations</Tabs.Tab>
          <Tabs.Tab value="billing">Billing</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="general" pt="md">
          <Stack>
            <TextInput
              label="Organization Name"
              required
              value={draft.general.name}
              onChange={(e) => edit((d) => void (d.general.name = e.currentTarget.value))}
            />
            <Select
              label="Organization Type"
              data={typeOptions}
              value={draft.general.type}
              allowDeselect={false}
              onChange={(v) => v && edit((d) => void (d.general.type = v))}
            />
            <Textarea
              label="Description"
              autosize
              minRows={2}
              value={draft.general.description}
              onChange={(e) => edit((d) => void (d.general.description = e.currentTarget.value))}
            />
            <Select
              label="Timezone"
              searchable
              data={Intl.supportedValuesOf('timeZone')}
              value={draft.general.timezone}
              allowDeselect={false}
              onChange={(v) => v && edit((d) => void (d.general.timezone = v))}
            />
            <Select
              label="Language"
              description="Also the kiosks' default language"
              data={LANGUAGES}
              value={draft.general.language}
              allowDeselect={false}
              onChange={(v) => v && edit((d) => void (d.general.language = v as Draft['general']['language']))}
            />
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="security" pt="md">
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
        </Tabs.Panel>

        <Tabs.Panel value="notifications" pt="md">
          <Stack>
            <Fieldset legend="Email Notifications">
              <Stack>
                {(
                  [
                    ['userInvitations', 'User invitations'],
                    ['userActivity', 'User activity'],
                    ['systemAlerts', 'System alerts'],
                    ['billing', 'Billing'],
                  ] as const
                ).map(([key, label]) => (
                  <Switch
                    key={key}
                    label={label}
                    aria-label={`Email: ${label}`}
                    checked={draft.notifications.email[key]}
                    onChange={(e) => edit((d) => void (d.notifications.email[key] = e.currentTarget.checked))}
                  />
                ))}
              </Stack>
            </Fieldset>
            <Fieldset legend="In-App Notifications">
              <Stack>
                {(
                  [
                    ['userActivity', 'User activity'],
                    ['systemAlerts', 'System alerts'],
                    ['maintenance', 'Maintenance'],
                  ] as const
                ).map(([key, label]) => (
                  <Switch
                    key={key}
                    label={label}
                    aria-label={`In-app: ${label}`}
                    checked={draft.notifications.inApp[key]}
                    onChange={(e) => edit((d) => void (d.notifications.inApp[key] = e.currentTarget.checked))}
                  />
                ))}
              </Stack>
            </Fieldset>
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="integrations" pt="md">
          <Stack>
            {INTEGRATIONS.map(([key, name]) => (
              <Fieldset key={key} legend={`${name} Integration`}>
                <Stack>
                  <Switch
                    label={`Enable ${name} Integration`}
                    checked={draft.integrations[key].enabled}
                    onChange={(e) => edit((d) => void (d.integrations[key].enabled = e.currentTarget.checked))}
                  />
                  <TextInput
                    label={`${name} System Name`}
                    value={draft.integrations[key].systemName}
                    onChange={(e) => edit((d) => void (d.integrations[key].systemName = e.currentTarget.value))}
                  />
                  <TextInput
                    label={`${name} API Endpoint`}
                    type="url"
                    placeholder="https://"
                    description="An https:// address"
                    value={draft.integrations[key].endpoint}
                    onChange={(e) => edit((d) => void (d.integrations[key].endpoint = e.currentTarget.value))}
                  />
                </Stack>
              </Fieldset>
            ))}
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="billing" pt="md">
          <Stack>
            <Group gap="xl">
              <div>
                <Text size="sm" c="gray.7">
                  Plan
                </Text>
                <Text fw={600} tt="capitalize">
                  {saved.billing.plan ?? 'No plan'} ({saved.billing.status})
                </Text>
              </div>
              <div>
                <Text size="sm" c="gray.7">
                  Next Billing Date
                </Text>
                <Text fw={600}>{saved.billing.nextBillingDate ? new Date(saved.billing.nextBillingDate).toLocaleDateString() : 'None'}</Text>
              </div>
              <div>
                <Text size="sm" c="gray.7">
                  Payment Method
                </Text>
                <Text fw={600}>{saved.billing.paymentMethod ?? 'No payment method'}</Text>
              </div>
            </Group>
            <TextInput
              label="Billing Email"
              type="email"
              value={draft.billing.email}
              onChange={(e) => edit((d) => void (d.billing.email = e.currentTarget.value))}
            />
            <Fieldset legend="Billing Address">
              <Stack>
                <TextInput
                  label="Street"
                  value={draft.billing.address.street}
                  onChange={(e) => edit((d) => void (d.billing.address.street = e.currentTarget.value))}
                />
                <Group grow>
                  <TextInput
                    label="City"
                    value={draft.billing.address.city}
                    onChange={(e) => edit((d) => void (d.billing.address.city = e.currentTarget.value))}
                  />
                  <TextInput
                    label="State"
                    value={draft.billing.address.state}
                    onChange={(e) => edit((d) => void (d.billing.address.state = e.currentTarget.value))}
                  />
                  <TextInput
                    label="ZIP"
                    value={draft.billing.address.zip}
                    onChange={(e) => edit((d) => void (d.billing.address.zip = e.currentTarget.value))}
                  />
                </Group>
              </Stack>
            </Fieldset>
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
