import { billingSettingsSchema, notificationSettingsSchema } from '@clinic/domain/contracts/organizations';

/** The notification toggles of an organization's settings (Organization settings, Notifications), read leniently. */
export function notificationsOf(settings: unknown) {
  const parsed = notificationSettingsSchema.safeParse((settings as { notifications?: unknown } | null)?.notifications ?? {});
  return parsed.success ? parsed.data : notificationSettingsSchema.parse({});
}

/** Whether the organization sends invitation e-mails (`notifications.email.userInvitations`, on by default). */
export function sendsInvitationMail(settings: unknown): boolean {
  return notificationsOf(settings).email.userInvitations;
}

/**
 * Where invoices are e-mailed: the billing e-mail of the settings' Billing tab, when
 * `notifications.email.billing` is on (the default) and an address is set; otherwise nowhere.
 */
export function invoiceMailTo(settings: unknown): string | null {
  if (!notificationsOf(settings).email.billing) return null;
  const parsed = billingSettingsSchema.safeParse((settings as { billing?: unknown } | null)?.billing ?? {});
  return parsed.success && parsed.data.email ? parsed.data.email : null;
}
