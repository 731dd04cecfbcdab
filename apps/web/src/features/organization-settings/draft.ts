import {
  updateOrganizationSettingsBody,
  type OrganizationSettingsDto,
  type UpdateOrganizationSettingsBody,
} from '@clinic/domain/contracts/organization-settings';
import type { ZodForm } from '../../ui/use-zod-form';
import type { FieldOf } from '../../ui/zod-form';

/** What the form edits: the settings, with the allow-list as the text of its box. */
export type Draft = OrganizationSettingsDto & { ipText: string };

/** The settings form every tab edits its part of. */
export type SettingsForm = ZodForm<Draft, typeof updateOrganizationSettingsBody>;

/** The form's values of saved settings; no webhook is an empty box (the contract reads '' as none). */
export function draftOf(s: OrganizationSettingsDto): Draft {
  const draft = structuredClone(s);
  return { ...draft, paging: { ...draft.paging, webhookUrl: draft.paging.webhookUrl ?? '' }, ipText: s.security.ipWhitelist.join('\n') };
}

/** The body of a save: every editable field (the server merges; the billing plan and the signing secret are read-only). */
export function bodyOf(d: Draft): UpdateOrganizationSettingsBody {
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
    paging: { timeoutMinutes: d.paging.timeoutMinutes, autoPageCritical: d.paging.autoPageCritical, webhookUrl: d.paging.webhookUrl },
  };
}

/** An issue's field: the allow-list's entries belong to its box, every other path is its field. */
export const settingsFieldOf: FieldOf = (path) => (path.startsWith('security.ipWhitelist') ? 'ipText' : path || null);

/** How the form is checked: its body by the contract the server applies. */
export const SETTINGS_FORM = { schema: updateOrganizationSettingsBody, toInput: bodyOf, fieldOf: settingsFieldOf };
