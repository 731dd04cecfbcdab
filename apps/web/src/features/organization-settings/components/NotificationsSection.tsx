import { Stack } from '@mantine/core';
import type { SettingsForm } from '../draft';
import { NotificationSwitches } from './NotificationSwitches';

const EMAIL = [
  ['userInvitations', 'User invitations'],
  ['userActivity', 'User activity'],
  ['systemAlerts', 'System alerts'],
  ['billing', 'Billing'],
] as const;
const IN_APP = [
  ['userActivity', 'User activity'],
  ['systemAlerts', 'System alerts'],
  ['maintenance', 'Maintenance'],
] as const;

/** Each channel's switches: its legend, the name its switches carry, and its notices. */
const CHANNELS = [
  { group: 'email', legend: 'Email Notifications', channel: 'Email', items: EMAIL },
  { group: 'inApp', legend: 'In-App Notifications', channel: 'In-app', items: IN_APP },
] as const;

/** The Notifications tab: which e-mails and in-app notices the organization sends. */
export function NotificationsSection({ form }: { form: SettingsForm }) {
  const notifications = form.getValues().notifications;
  return (
    <Stack>
      {CHANNELS.map(({ group, legend, channel, items }) => (
        <NotificationSwitches<string>
          key={group}
          legend={legend}
          channel={channel}
          items={items}
          checked={notifications[group] as Record<string, boolean>}
          onChange={(key, checked) => form.setFieldValue(`notifications.${group}.${key}`, checked)}
        />
      ))}
    </Stack>
  );
}
