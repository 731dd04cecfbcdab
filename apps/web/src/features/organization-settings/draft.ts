import type { OrganizationSettingsDto, UpdateOrganizationSettingsBody } from '@clinic/domain/contracts/organization-settings';

/** What the form edits: the settings, with the allow-list as the text of its box. */
export type Draft = OrganizationSettingsDto & { ipText: string };

/** Changes the draft: the function edits a copy, which becomes the new draft. */
export type EditDraft = (fn: (d: Draft) => void) => void;

export const draftOf = (s: OrganizationSettingsDto): Draft => ({ ...structuredClone(s), ipText: s.security.ipWhitelist.join('\n') });

/** The body of a save: every editable field (the server merges; the billing plan is read-only). */
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
  };
}
