/**
 * Whether an organization admits a request, whoever makes it: a member's session, one of its API
 * keys or an anonymous caller of its public screens (kiosks, the intake, the board). The server's
 * one admission step (`platform/admission.ts`) asks this for every kind of caller, on the
 * organization row it read anyway.
 *
 * Not exported from the package's index: it reads the IP allow-list (`ipaddr.js`), which the web
 * bundle has no use for. Import `@clinic/domain/rules/organization-admission`.
 */
import { addressAllowed } from './ip-allow-list.js';
import { featureAllowed, isReadOnly, type Feature, type SubscriptionState } from './plans.js';

/** Who makes a request: a member's session, an organization API key, or anyone (a public route). */
export type CallerKind = 'session' | 'apiKey' | 'public';

/** The rules of admission. */
export type AdmissionRule = 'ip-allow-list' | 'disabled' | 'read-only' | 'plan-feature';

/**
 * Which rules bind each kind of caller, in the order they are judged (a missing plan feature is
 * named before the read-only state, as the spec's 402 texts do: a canceled organization's AI
 * triage is "AI Triage feature requires a subscription"). The IP allow-list says
 * where the organization's own credentials (its members' sessions, its API keys) may be used
 * from; an anonymous caller of a public screen is a patient or a visitor, who holds none, so it
 * does not bind them (a guardian's phone at home, a visitor's network). Everything else binds
 * every caller alike.
 */
export const ADMISSION_RULES: Record<CallerKind, readonly AdmissionRule[]> = {
  session: ['ip-allow-list', 'disabled', 'plan-feature', 'read-only'],
  apiKey: ['ip-allow-list', 'disabled', 'plan-feature', 'read-only'],
  public: ['disabled', 'plan-feature', 'read-only'],
};

/**
 * The organization settings that switch an entry point off, with their default and what the
 * refusal calls the entry point. `kioskEnabled` (the organization panel's "Kiosk enabled")
 * governs the self check-in kiosk's submissions (`POST /api/triage/case`, its `/kiosk` alias,
 * which the emergency-room kiosk also uses). The panel's other switches govern no entry point:
 * `cdsEnabled` and `emergencyMode` are staff screens' behaviour, `allowPatientSharing` and
 * `requireApproval` are policies, and `features` is a free list of labels.
 */
export const ORGANIZATION_TOGGLES = {
  kioskEnabled: { default: true, entryPoint: 'The kiosk' },
} as const satisfies Record<string, { default: boolean; entryPoint: string }>;
/** A setting that switches an entry point off ({@link ORGANIZATION_TOGGLES}). */
export type OrganizationToggle = keyof typeof ORGANIZATION_TOGGLES;

const settingsOf = (settings: unknown): Record<string, unknown> =>
  typeof settings === 'object' && settings !== null && !Array.isArray(settings) ? (settings as Record<string, unknown>) : {};

/** Whether `toggle` is on in an organization's stored settings (its default when the setting was never saved). */
export function toggleOn(settings: unknown, toggle: OrganizationToggle): boolean {
  const value = settingsOf(settings)[toggle];
  return typeof value === 'boolean' ? value : ORGANIZATION_TOGGLES[toggle].default;
}

/** The organization's IP allow-list from its stored settings; empty (every address) when there is none. */
export function allowListOf(settings: unknown): string[] {
  const list = settingsOf(settings).ipWhitelist;
  return Array.isArray(list) ? list.filter((entry): entry is string => typeof entry === 'string') : [];
}

/** What admission reads of an organization: its stored settings and its subscription. */
export interface AdmittingOrganization {
  settings: unknown;
  subscription: SubscriptionState & { cancelAtPeriodEnd?: boolean };
}

/** What a request needs of the organization, as its route declares. */
export interface AdmissionNeeds {
  /** The request changes data (POST, PUT, PATCH, DELETE). */
  write: boolean;
  /** A plan feature the route belongs to. */
  feature?: Feature;
  /** A setting that must be on ({@link ORGANIZATION_TOGGLES}). */
  setting?: OrganizationToggle;
  /** A write a read-only organization still makes (choosing a plan again). */
  evenReadOnly?: boolean;
}

/** Why an organization refuses a request. */
export type AdmissionRefusal =
  | { rule: 'ip-allow-list' }
  | { rule: 'disabled'; setting: OrganizationToggle }
  | { rule: 'plan-feature'; feature: Feature }
  | { rule: 'read-only' };

/**
 * The first rule of {@link ADMISSION_RULES} that refuses `caller`'s request to `organization`,
 * or null when it is admitted: an address off the IP allow-list (when the list has entries), a
 * setting `needs` names switched off, a write to a read-only organization (lapsed trial, canceled
 * plan) that is not `evenReadOnly`, or a plan feature the subscription does not grant (a read of a
 * read-only organization may still use what its plan includes).
 */
export function admissionRefusal(
  organization: AdmittingOrganization,
  caller: { kind: CallerKind; ip: string },
  needs: AdmissionNeeds,
  now: Date = new Date(),
): AdmissionRefusal | null {
  for (const rule of ADMISSION_RULES[caller.kind]) {
    if (rule === 'ip-allow-list') {
      const list = allowListOf(organization.settings);
      if (list.length > 0 && !addressAllowed(caller.ip, list)) return { rule };
    } else if (rule === 'disabled') {
      if (needs.setting && !toggleOn(organization.settings, needs.setting)) return { rule, setting: needs.setting };
    } else if (rule === 'read-only') {
      if (needs.write && !needs.evenReadOnly && isReadOnly(organization.subscription, now)) return { rule };
    } else if (needs.feature && !featureAllowed(organization.subscription, needs.feature, needs.write, now)) {
      return { rule, feature: needs.feature };
    }
  }
  return null;
}
