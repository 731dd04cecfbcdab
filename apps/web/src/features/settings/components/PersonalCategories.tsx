import type { UserSettings } from '@clinic/domain/contracts/settings';
import { SETTINGS_TIME_ZONES, TIME_ZONE_LABELS } from '@clinic/domain/rules/settings';
import { Card, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { TwoFactorSetting } from './TwoFactorSetting';

/** Changes the draft: `change` edits a copy. */
export type Edit = (change: (draft: UserSettings) => void) => void;

/** A titled card of one category's group of fields. */
export function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder>
      <Title order={3} fz="h4" mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Card>
  );
}

const PROFILE_ROLES = ['Admin', 'Doctor', 'Nurse', 'Staff', 'Manager'];

/** Profile: names, e-mail (the account's), phone, title, department, role, time zone. */
export function ProfileCategory({ s, edit, canChangeRole }: { s: UserSettings; edit: Edit; canChangeRole: boolean }) {
  const p = s.profile;
  const roles = PROFILE_ROLES.includes(p.role) ? PROFILE_ROLES : [p.role, ...PROFILE_ROLES];
  return (
    <Group title="Profile">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="First Name" value={p.firstName} onChange={(e) => edit((d) => void (d.profile.firstName = e.currentTarget.value))} />
        <TextInput label="Last Name" value={p.lastName} onChange={(e) => edit((d) => void (d.profile.lastName = e.currentTarget.value))} />
        <TextInput label="Email" value={p.email} readOnly description="Your account's e-mail address." />
        <TextInput label="Phone" value={p.phone} onChange={(e) => edit((d) => void (d.profile.phone = e.currentTarget.value))} />
        <TextInput label="Title" value={p.title} onChange={(e) => edit((d) => void (d.profile.title = e.currentTarget.value))} />
        <TextInput label="Department" value={p.department} onChange={(e) => edit((d) => void (d.profile.department = e.currentTarget.value))} />
        <Select
          label="Role"
          data={roles}
          value={p.role}
          allowDeselect={false}
          disabled={!canChangeRole}
          description={canChangeRole ? undefined : 'Only someone allowed to change roles can change it.'}
          onChange={(v) => v && edit((d) => void (d.profile.role = v as UserSettings['profile']['role']))}
        />
        <Select
          label="Timezone"
          data={SETTINGS_TIME_ZONES.map((z) => ({ value: z, label: TIME_ZONE_LABELS[z] }))}
          value={p.timezone}
          allowDeselect={false}
          onChange={(v) => v && edit((d) => void (d.profile.timezone = v as UserSettings['profile']['timezone']))}
        />
      </SimpleGrid>
    </Group>
  );
}

function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return <Switch label={label} checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} />;
}

/** Preferences: the dashboard's three toggles and triage's two. */
export function PreferencesCategory({ s, edit }: { s: UserSettings; edit: Edit }) {
  const dash = s.preferences.dashboard;
  const triage = s.preferences.triage;
  return (
    <Stack>
      <Group title="Dashboard">
        <Toggle
          label="Show quick actions"
          checked={dash.showQuickActions}
          onChange={(v) => edit((d) => void (d.preferences.dashboard.showQuickActions = v))}
        />
        <Toggle
          label="Show recent activity"
          checked={dash.showRecentActivity}
          onChange={(v) => edit((d) => void (d.preferences.dashboard.showRecentActivity = v))}
        />
        <Toggle
          label="Show statistics"
          checked={dash.showStatistics}
          onChange={(v) => edit((d) => void (d.preferences.dashboard.showStatistics = v))}
        />
      </Group>
      <Group title="Triage">
        <Toggle label="Auto-save" checked={triage.autoSave} onChange={(v) => edit((d) => void (d.preferences.triage.autoSave = v))} />
        <Toggle label="Enable AI" checked={triage.enableAI} onChange={(v) => edit((d) => void (d.preferences.triage.enableAI = v))} />
      </Group>
    </Stack>
  );
}

/** Notifications: e-mail (enabled, triage updates, emergency alerts) and push (enabled). */
export function NotificationsCategory({ s, edit }: { s: UserSettings; edit: Edit }) {
  const email = s.notifications.email;
  return (
    <Stack>
      <Group title="Email">
        <Toggle label="Email notifications" checked={email.enabled} onChange={(v) => edit((d) => void (d.notifications.email.enabled = v))} />
        <Toggle
          label="Triage updates"
          checked={email.triageUpdates}
          onChange={(v) => edit((d) => void (d.notifications.email.triageUpdates = v))}
        />
        <Toggle
          label="Emergency alerts"
          checked={email.emergencyAlerts}
          onChange={(v) => edit((d) => void (d.notifications.email.emergencyAlerts = v))}
        />
      </Group>
      <Group title="Push">
        <Toggle
          label="Push notifications"
          checked={s.notifications.push.enabled}
          onChange={(v) => edit((d) => void (d.notifications.push.enabled = v))}
        />
        <Text size="sm" c="dimmed">
          With push notifications on, emergency alerts and triage updates (as chosen above) pop up on screen as they happen.
        </Text>
      </Group>
    </Stack>
  );
}

/** Security: two-factor (not yet available), session timeout, and the platform's two statements. */
export function SecurityCategory({
  s,
  edit,
  organizationTimeout,
  statements,
}: {
  s: UserSettings;
  edit: Edit;
  organizationTimeout: number;
  statements: { encryption: string; hipaa: string } | undefined;
}) {
  return (
    <Group title="Security">
      <TwoFactorSetting />
      <NumberInput
        label="Session timeout (minutes)"
        description={`At most the organization's ${organizationTimeout} minutes.`}
        min={5}
        max={organizationTimeout}
        value={s.security.authentication.sessionTimeout}
        onChange={(v) => typeof v === 'number' && edit((d) => void (d.security.authentication.sessionTimeout = v))}
      />
      <Stack gap={4}>
        <Switch label="Encryption enabled" checked readOnly disabled />
        <Text size="sm" c="dimmed">
          {statements?.encryption}
        </Text>
      </Stack>
      <Stack gap={4}>
        <Switch label="HIPAA compliant" checked readOnly disabled />
        <Text size="sm" c="dimmed">
          {statements?.hipaa}
        </Text>
      </Stack>
    </Group>
  );
}

const options = <T extends string>(pairs: Array<[T, string]>) => pairs.map(([value, label]) => ({ value, label }));

/** Appearance: theme, colour scheme, font size, time format, compact mode, animations. */
export function AppearanceCategory({ s, edit }: { s: UserSettings; edit: Edit }) {
  const a = s.appearance;
  type A = UserSettings['appearance'];
  return (
    <Group title="Appearance">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Theme"
          data={options<A['theme']>([
            ['light', 'Light'],
            ['dark', 'Dark'],
            ['auto', 'Auto'],
          ])}
          value={a.theme}
          allowDeselect={false}
          onChange={(v) => v && edit((d) => void (d.appearance.theme = v as A['theme']))}
        />
        <Select
          label="Color Scheme"
          data={options<A['colorScheme']>([
            ['blue', 'Blue'],
            ['green', 'Green'],
            ['purple', 'Purple'],
            ['red', 'Red'],
            ['orange', 'Orange'],
          ])}
          value={a.colorScheme}
          allowDeselect={false}
          onChange={(v) => v && edit((d) => void (d.appearance.colorScheme = v as A['colorScheme']))}
        />
        <Select
          label="Font Size"
          data={options<A['fontSize']>([
            ['small', 'Small'],
            ['medium', 'Medium'],
            ['large', 'Large'],
          ])}
          value={a.fontSize}
          allowDeselect={false}
          onChange={(v) => v && edit((d) => void (d.appearance.fontSize = v as A['fontSize']))}
        />
        <Select
          label="Time Format"
          data={options<A['timeFormat']>([
            ['12h', '12h'],
            ['24h', '24h'],
          ])}
          value={a.timeFormat}
          allowDeselect={false}
          onChange={(v) => v && edit((d) => void (d.appearance.timeFormat = v as A['timeFormat']))}
        />
      </SimpleGrid>
      <Toggle label="Compact mode" checked={a.compactMode} onChange={(v) => edit((d) => void (d.appearance.compactMode = v))} />
      <Toggle label="Show animations" checked={a.showAnimations} onChange={(v) => edit((d) => void (d.appearance.showAnimations = v))} />
    </Group>
  );
}
