import type { UserSettings } from '@clinic/domain/contracts/settings';
import type { SettingsForm } from '../settings-form';
import { SETTINGS_TIME_ZONES, TIME_ZONE_LABELS } from '@clinic/domain/rules/settings';
import { Card, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { TwoFactorSetting } from './TwoFactorSetting';

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
export function ProfileCategory({ form, canChangeRole }: { form: SettingsForm; canChangeRole: boolean }) {
  const p = form.getValues().profile;
  const roles = PROFILE_ROLES.includes(p.role) ? PROFILE_ROLES : [p.role, ...PROFILE_ROLES];
  return (
    <Group title="Profile">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="First Name" {...form.getInputProps('profile.firstName')} />
        <TextInput label="Last Name" {...form.getInputProps('profile.lastName')} />
        <TextInput label="Email" value={p.email} readOnly description="Your account's e-mail address." />
        <TextInput label="Phone" {...form.getInputProps('profile.phone')} />
        <TextInput label="Title" {...form.getInputProps('profile.title')} />
        <TextInput label="Department" {...form.getInputProps('profile.department')} />
        <Select
          label="Role"
          data={roles}
          {...form.getInputProps('profile.role')}
          allowDeselect={false}
          disabled={!canChangeRole}
          description={canChangeRole ? undefined : 'Only someone allowed to change roles can change it.'}
        />
        <Select
          label="Timezone"
          data={SETTINGS_TIME_ZONES.map((z) => ({ value: z, label: TIME_ZONE_LABELS[z] }))}
          {...form.getInputProps('profile.timezone')}
          allowDeselect={false}
        />
      </SimpleGrid>
    </Group>
  );
}

/** A setting's on/off switch. */
function Toggle({ label, form, path }: { label: string; form: SettingsForm; path: string }) {
  return <Switch label={label} {...form.getInputProps(path, { type: 'checkbox' })} />;
}

/** Preferences: the dashboard's three toggles and triage's two. */
export function PreferencesCategory({ form }: { form: SettingsForm }) {
  return (
    <Stack>
      <Group title="Dashboard">
        <Toggle label="Show quick actions" form={form} path="preferences.dashboard.showQuickActions" />
        <Toggle label="Show recent activity" form={form} path="preferences.dashboard.showRecentActivity" />
        <Toggle label="Show statistics" form={form} path="preferences.dashboard.showStatistics" />
      </Group>
      <Group title="Triage">
        <Toggle label="Auto-save" form={form} path="preferences.triage.autoSave" />
        <Toggle label="Enable AI" form={form} path="preferences.triage.enableAI" />
      </Group>
    </Stack>
  );
}

/** Notifications: e-mail (enabled, triage updates, emergency alerts) and push (enabled). */
export function NotificationsCategory({ form }: { form: SettingsForm }) {
  return (
    <Stack>
      <Group title="Email">
        <Toggle label="Email notifications" form={form} path="notifications.email.enabled" />
        <Toggle label="Triage updates" form={form} path="notifications.email.triageUpdates" />
        <Toggle label="Emergency alerts" form={form} path="notifications.email.emergencyAlerts" />
      </Group>
      <Group title="Push">
        <Toggle label="Push notifications" form={form} path="notifications.push.enabled" />
        <Text size="sm" c="dimmed">
          With push notifications on, emergency alerts and triage updates (as chosen above) pop up on screen as they happen.
        </Text>
      </Group>
    </Stack>
  );
}

/** Security: two-factor (not yet available), session timeout, and the platform's two statements. */
export function SecurityCategory({
  form,
  organizationTimeout,
  statements,
}: {
  form: SettingsForm;
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
        {...form.getInputProps('security.authentication.sessionTimeout')}
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
export function AppearanceCategory({ form }: { form: SettingsForm }) {
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
          {...form.getInputProps('appearance.theme')}
          allowDeselect={false}
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
          {...form.getInputProps('appearance.colorScheme')}
          allowDeselect={false}
        />
        <Select
          label="Font Size"
          data={options<A['fontSize']>([
            ['small', 'Small'],
            ['medium', 'Medium'],
            ['large', 'Large'],
          ])}
          {...form.getInputProps('appearance.fontSize')}
          allowDeselect={false}
        />
        <Select
          label="Time Format"
          data={options<A['timeFormat']>([
            ['12h', '12h'],
            ['24h', '24h'],
          ])}
          {...form.getInputProps('appearance.timeFormat')}
          allowDeselect={false}
        />
      </SimpleGrid>
      <Toggle label="Compact mode" form={form} path="appearance.compactMode" />
      <Toggle label="Show animations" form={form} path="appearance.showAnimations" />
    </Group>
  );
}
