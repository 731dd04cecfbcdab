import { Stack } from '@mantine/core';
import type { Draft, EditDraft } from '../draft';
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

/** The Notifications tab: which e-mails and in-app notices the organization sends. */
export function NotificationsSection({ draft, edit }: { draft: Draft; edit: EditDraft }) {
  return (
    <Stack>
      <NotificationSwitches
        legend="Email Notifications"
        channel="Email"
        items={EMAIL}
        checked={draft.notifications.email}
        onChange={(key, checked) => edit((d) => void (d.notifications.email[key] = checked))}
      />
      <NotificationSwitches
        legend="In-App Notifications"
        channel="In-app"
        items={IN_APP}
        checked={draft.notifications.inApp}
        onChange={(key, checked) => edit((d) => void (d.notifications.inApp[key] = checked))}
      />
    </Stack>
  );
}
