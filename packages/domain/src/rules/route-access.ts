/**
 * Who may call each feature's routes and open its screens, as data: one table per feature. The
 * server's routes name an entry (`access: PATIENTS_ACCESS.manage`) and the web's guards name the
 * same entry, so the two never drift apart. The decision itself is {@link checkAccess} in
 * `access.ts`; the server is the authority, a guard on a page is only a courtesy.
 *
 * Types only are imported here: the web's route table loads this file into every page's bundle.
 */
import type { AccessRequirement } from './access.js';
import type { Feature } from './plans.js';

/** One entry of a feature's table: a role and/or permission flag, and optionally a plan feature. */
export interface RouteAccessRule extends AccessRequirement {
  /** A plan feature the organization's subscription must include. */
  feature?: Feature;
  /** What the 402 says when the plan lacks `feature` (else a generic upgrade message). */
  featureMessage?: string;
  /** A write allowed while the organization is read-only (lapsed trial, canceled plan): choosing a plan again. */
  evenReadOnly?: boolean;
}

/** The dashboard: any active member of the organization. */
export const DASHBOARD_ACCESS = {
  view: {},
} as const satisfies Record<string, RouteAccessRule>;

/** The patient directory (list, read, create, update, discharge, reactivate, visits). */
export const PATIENTS_ACCESS = {
  /** Everything but archiving: the patients permission. */
  manage: { permission: 'canManagePatients' },
  /** Archiving takes a patient out of the directory: Admin or above, and the patients permission. */
  archive: { role: 'Admin', permission: 'canManagePatients' },
  /**
   * Merging a chart made from public input into an existing one, or dismissing the pair: the
   * patients permission, as editing either chart needs.
   */
  merge: { permission: 'canManagePatients' },
} as const satisfies Record<string, RouteAccessRule>;

/**
 * The staff waiting room (`/api/triage/waiting-room…`, `PUT /api/triage/case/:id/status`) and the
 * AI risk assessment of a queue patient. The public board needs no entry: anyone may read it.
 */
export const QUEUE_ACCESS = {
  /** Reading and acting on the queue: the queue permission. */
  manage: { permission: 'canManageQueue' },
} as const satisfies Record<string, RouteAccessRule>;

/**
 * The emergency room dashboard (`/emergency-room`, `/api/emergency-dashboard/…`): reading every
 * section, raising, acknowledging and resolving alerts and declaring, updating and closing
 * mass-casualty events need the emergency-room permission; the organization's protocols and the
 * clinic's emergency settings are written by Admins and above.
 */
export const EMERGENCY_ACCESS = {
  view: { permission: 'canAccessEmergencyRoom', feature: 'emergencyRoom' },
  /** Adding and editing the organization's protocols: Admin or above, and the emergency-room permission. */
  protocols: { role: 'Admin', permission: 'canAccessEmergencyRoom', feature: 'emergencyRoom' },
  /** The clinic's emergency level, facility id and bed count: Admin or above, and the emergency-room permission. */
  facility: { role: 'Admin', permission: 'canAccessEmergencyRoom', feature: 'emergencyRoom' },
} as const satisfies Record<string, RouteAccessRule>;

/** Visitor management (`/visitors` and `/visitor-management`): the visitors permission. */
export const VISITORS_ACCESS = {
  manage: { permission: 'canManageVisitors', feature: 'visitorManagement' },
  /** The visitor counts (`GET /api/visitors/stats`, the dashboard's Visitors tab): any active member. */
  stats: {},
} as const satisfies Record<string, RouteAccessRule>;

/**
 * The pediatric intake's calls after its submit (`POST /api/patients/pediatric/{id}/queue`) as
 * staff: the patients permission; an anonymous intake is authorised by its intake token. The submit
 * itself and the wizard are public.
 */
export const PEDIATRIC_INTAKE_ACCESS = {
  queue: { permission: 'canManagePatients' },
} as const satisfies Record<string, RouteAccessRule>;

/** The clinical trial dashboard (`/clinical-trials`): the clinical trials permission. */
export const TRIALS_ACCESS = {
  manage: { permission: 'canManageClinicalTrials' },
  /**
   * Enrolling a patient (`POST /api/clinical-trials/{id}/enroll`) as staff: the patients
   * permission; an anonymous intake is authorised by its intake token instead.
   */
  enroll: { permission: 'canManagePatients' },
} as const satisfies Record<string, RouteAccessRule>;

/**
 * The analytics dashboard (`/analytics`): signed in only, as the spec's route table says ("sign-in only; Viewer has it by default").
 */
export const ANALYTICS_ACCESS = {
  view: {},
} as const satisfies Record<string, RouteAccessRule>;

/** The member's own settings (`/settings`): signed in only. */
export const SETTINGS_ACCESS = {
  view: {},
  /** Changing a role from the profile: whoever may change members' roles (`MEMBERS_ACCESS.administer`). */
  changeRole: { role: 'Admin', permission: 'canManageUsers' },
  /** The organization's integrations (Epic EHR) and its Test Connection: Admin or above, and the settings permission. */
  integrations: { role: 'Admin', permission: 'canManageSettings' },
} as const satisfies Record<string, RouteAccessRule>;

/**
 * The SOC 2 dashboard (the settings' `soc2-compliance` category), its report and audit trail:
 * the settings permission, which Admins and Owners hold by default (the requirement: "Admin or above, or
 * canManageSettings"; one flag expresses both for the default roles).
 */
export const SOC2_ACCESS = {
  view: { permission: 'canManageSettings' },
} as const satisfies Record<string, RouteAccessRule>;

/**
 * Billing and plan selection (`/billing`, `/api/billing/...`): any member reads the subscription;
 * choosing, starting or cancelling a plan needs the settings permission (every Owner holds it),
 * and stays open to a read-only organization, which is how it leaves that state.
 */
export const BILLING_ACCESS = {
  view: {},
  manage: { permission: 'canManageSettings', evenReadOnly: true },
} as const satisfies Record<string, RouteAccessRule>;

/** AI triage (`/api/triage/assess`, `/api/triage/history`, `/api/triage/{id}`, assessment actions) and its page. */
export const TRIAGE_ACCESS = {
  /** The emergency-room permission, on a plan with AI triage. */
  use: {
    permission: 'canAccessEmergencyRoom',
    feature: 'aiTriage',
    featureMessage: 'AI Triage feature requires a subscription. Please upgrade your plan.',
  },
  /** The AI risk assessment of a queue patient (`POST /api/ai-risk/assess`): the queue permission. */
  risk: { permission: 'canManageQueue' },
} as const satisfies Record<string, RouteAccessRule>;

/**
 * The staff event stream (`GET /api/events`): any active member may open it; each event is then
 * sent only to members whose flags cover its type (the server's `EVENT_PERMISSIONS`). The public
 * board's stream and the kiosk need no entry: anyone may use them.
 */
export const EVENTS_ACCESS = {
  listen: {},
} as const satisfies Record<string, RouteAccessRule>;

/** Members and invitations of the organization (`/api/organizations/members…`, `/api/org/users`). */
export const MEMBERS_ACCESS = {
  /** Listing the members: the users permission. */
  list: { permission: 'canManageUsers' },
  /** The member and invitation counts (`/api/organizations/stats`): any active member. */
  stats: {},
  /** The pending invitations: Admin or above. */
  invitations: { role: 'Admin' },
  /** Inviting someone and changing a member's role, flags or status: Admin or above, and the users permission. */
  administer: { role: 'Admin', permission: 'canManageUsers' },
} as const satisfies Record<string, RouteAccessRule>;

/** The organization itself: its settings and its clinics (`PUT /api/organizations`, `POST /api/clinics`), and its two screens. */
export const ORGANIZATIONS_ACCESS = {
  /** Changing the organization and adding a clinic: the settings permission. */
  settings: { permission: 'canManageSettings' },
  /** The organization dashboard (`/organization`): the Owner only (platform-core section 2, role-guarded routes). */
  dashboard: { role: 'Owner' },
  /** The organization settings screen (`/organization/settings`): Admin or above. */
  settingsPage: { role: 'Admin' },
  /** Removing a test organization (one the organization test page made, `DELETE /api/organizations`): its Owner. */
  removeTest: { role: 'Owner' },
} as const satisfies Record<string, RouteAccessRule>;

/**
 * Members' sign-in locks (`/api/organizations/sign-in-locks`): the Admins who also manage the
 * organization's users.
 */
export const SIGN_IN_LOCKS_ACCESS = {
  /** Listing and clearing locks: Admin or above, and the users permission. */
  manage: { role: 'Admin', permission: 'canManageUsers' },
} as const satisfies Record<string, RouteAccessRule>;

/**
 * Operations (`GET /api/admin/health`): the platform's own state (database latency, pool, event
 * listener, migrations), no organization's data. Admins and Owners of any organization.
 */
export const OPS_ACCESS = {
  /** The detailed health report: Admin or above. */
  health: { role: 'Admin' },
} as const satisfies Record<string, RouteAccessRule>;

/**
 * Organization administration (`GET /api/admin/overview`, `GET /api/admin/logs`): the organization
 * at a glance and its audit trail, Admins and Owners.
 */
export const ADMIN_ACCESS = {
  overview: { role: 'Admin' },
  logs: { role: 'Admin' },
} as const satisfies Record<string, RouteAccessRule>;

/**
 * Recent activity (`GET /api/activity/recent`, the dashboard's panel): any active member. What an
 * item says depends on the member's flags (`rules/activity.ts`): without the queue, patients,
 * users or visitors permission, the events of that area are listed without names or clinical details.
 */
export const ACTIVITY_ACCESS = {
  view: {},
} as const satisfies Record<string, RouteAccessRule>;

/** The kiosk's figures of the day (`GET /api/kiosk/stats`, the dashboard's Kiosk tab): counts only, any active member. */
export const KIOSK_ACCESS = {
  stats: {},
} as const satisfies Record<string, RouteAccessRule>;

/**
 * Patients' rights (`/api/gdpr/…`, the patient's Privacy tab): staff with the patients permission
 * record rights requests and consents and read them; closing a request, erasing (restricting and
 * pseudonymising) and reading a patient's access history (the accounting of disclosures) are for
 * Admins and above with the patients permission.
 */
export const GDPR_ACCESS = {
  manage: { permission: 'canManagePatients' },
  administer: { role: 'Admin', permission: 'canManagePatients' },
} as const satisfies Record<string, RouteAccessRule>;

/**
 * The organization's API keys (`/api/organizations/api-keys`, the organization screen's API keys
 * panel): Admin or above, on a plan with API access (Professional and above).
 */
export const API_KEYS_ACCESS = {
  manage: {
    role: 'Admin',
    feature: 'apiAccess',
    featureMessage: 'API access is part of the Professional and Enterprise plans. Upgrade your plan on the Billing page to create API keys.',
  },
} as const satisfies Record<string, RouteAccessRule>;

/**
 * The FHIR R4 server (`/fhir/R4`) for a staff session: the patients permission. An API key is
 * judged by its scopes instead (`contracts/api-keys.ts`, `scopesAllow`).
 */
export const FHIR_ACCESS = {
  read: { permission: 'canManagePatients' },
} as const satisfies Record<string, RouteAccessRule>;

/**
 * Paging (`/api/paging/…`): sending, reading and answering pages, and reading the on-call rotas,
 * every role but Viewer; changing a clinic's rota, Managers and above; the outbound webhook's
 * deliveries, Admins and above. Who may acknowledge or cancel one page is `rules/paging.ts`
 * (`mayAcknowledge`, `mayCancel`).
 */
export const PAGING_ACCESS = {
  page: { role: 'Staff', feature: 'doctorPaging' },
  rota: { role: 'Manager', feature: 'doctorPaging' },
  /** The organization's outbound webhook deliveries: Admins and the Owner. */
  deliveries: { role: 'Admin', feature: 'doctorPaging' },
} as const satisfies Record<string, RouteAccessRule>;

/**
 * Single sign-on (`/api/organizations/sso…`, the organization settings' single sign-on panel): the
 * identity provider, the claimed e-mail domains and their verification. Admins and the Owner.
 */
export const SSO_ACCESS = {
  manage: { role: 'Admin' },
} as const satisfies Record<string, RouteAccessRule>;
