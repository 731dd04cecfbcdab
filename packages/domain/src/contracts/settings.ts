/**
 * A member's settings (operations-and-public section 3, "User settings (fallback
 * structure)", with section 9's defaults; platform-core section 2, Settings). One zod schema,
 * {@link userSettings}, is the stored structure: every object refuses unknown keys. A save sends a
 * part of it ({@link settingsPatch}, the same schema with every field optional at every depth),
 * merged into what is stored and parsed again whole (`rules/settings.ts`).
 *
 * The organization's facts (its name, type, plan) and its integrations are not a member's
 * settings: they come from `GET /api/org/info` and the organization's own settings.
 */
import { z } from 'zod';
import { ROLES } from '../rules/access.js';
import { SETTINGS_TIME_ZONES } from '../rules/settings.js';

const text = (max = 200) => z.string().trim().max(max);
const minutes = (min: number, max: number) => z.number().int().min(min).max(max);

/** The profile: names, phone, title, department and time zone are the member's own; the role is the membership's. */
const profile = z.strictObject({
  firstName: text(100),
  lastName: text(100),
  /** The account's e-mail: shown, not changed here. */
  email: z.string().max(254),
  phone: text(40),
  title: text(100),
  department: text(100),
  /** The membership's role: changed only by someone allowed to change roles. */
  role: z.enum(ROLES),
  timezone: z.enum(SETTINGS_TIME_ZONES),
  language: z.enum(['en', 'es', 'fr', 'de']),
});

const preferences = z.strictObject({
  dashboard: z.strictObject({
    defaultTab: z.enum(['overview', 'patients', 'queue', 'emergency', 'kiosk', 'visitors', 'analytics', 'settings']),
    showQuickActions: z.boolean(),
    showRecentActivity: z.boolean(),
    showStatistics: z.boolean(),
    /** Seconds. */
    refreshInterval: z.number().int().min(5).max(3600),
  }),
  triage: z.strictObject({
    autoSave: z.boolean(),
    defaultPriority: z.enum(['Low', 'Medium', 'High', 'Critical']),
    enableAI: z.boolean(),
    showConfidence: z.boolean(),
  }),
  queue: z.strictObject({
    autoRefresh: z.boolean(),
    refreshInterval: z.number().int().min(5).max(3600),
    showWaitTimes: z.boolean(),
    enableNotifications: z.boolean(),
  }),
  analytics: z.strictObject({
    defaultDateRange: z.enum(['Day', 'Week', 'Month', 'Quarter', 'Year']),
    showTrends: z.boolean(),
    enableAlerts: z.boolean(),
    exportFormat: z.enum(['PDF', 'CSV', 'Excel']),
  }),
  emergency: z.strictObject({
    enableAlerts: z.boolean(),
    alertSound: z.boolean(),
    alertVibration: z.boolean(),
    criticalOnly: z.boolean(),
  }),
  visitors: z.strictObject({
    requireID: z.boolean(),
    enableHealthScreening: z.boolean(),
    /** Hours. */
    badgeExpiry: z.number().int().min(1).max(24),
    autoCheckout: z.boolean(),
  }),
});

const channel = z.strictObject({
  enabled: z.boolean(),
  triageUpdates: z.boolean(),
  emergencyAlerts: z.boolean(),
  systemUpdates: z.boolean(),
});

const notifications = z.strictObject({ email: channel, push: channel, sms: channel, inApp: channel });

const security = z.strictObject({
  authentication: z.strictObject({
    /** TOTP enrolment: not yet available on this platform. */
    twoFactorEnabled: z.boolean(),
    /** Minutes; never longer than the organization's session timeout. */
    sessionTimeout: minutes(5, 720),
    requirePasswordChange: z.boolean(),
    /** Days. */
    passwordExpiry: z.number().int().min(0).max(3650),
  }),
  access: z.strictObject({
    ipWhitelist: z.array(text(64)).max(50),
    deviceRestrictions: z.boolean(),
    locationTracking: z.boolean(),
    auditLogging: z.boolean(),
  }),
  data: z.strictObject({
    /** A statement of the platform, not a choice. */
    encryptionEnabled: z.boolean(),
    backupFrequency: z.enum(['Hourly', 'Daily', 'Weekly']),
    /** Years. */
    dataRetention: z.number().int().min(1).max(50),
    exportPermissions: z.boolean(),
  }),
  compliance: z.strictObject({
    /** A statement of the platform, not a choice. */
    hipaaCompliant: z.boolean(),
    gdprCompliant: z.boolean(),
    auditTrail: z.boolean(),
    dataAnonymization: z.boolean(),
  }),
});

/** Themes offered by the Appearance category. */
export const THEMES = ['light', 'dark', 'auto'] as const;
/** Colour schemes offered by the Appearance category (Mantine palette names). */
export const COLOR_SCHEMES = ['blue', 'green', 'purple', 'red', 'orange'] as const;
/** Font sizes offered by the Appearance category. */
export const FONT_SIZES = ['small', 'medium', 'large'] as const;

const appearance = z.strictObject({
  theme: z.enum(THEMES),
  language: z.enum(['en', 'es', 'fr', 'de']),
  timezone: z.enum(SETTINGS_TIME_ZONES),
  dateFormat: z.enum(['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD']),
  timeFormat: z.enum(['12h', '24h']),
  currency: z.string().regex(/^[A-Z]{3}$/),
  units: z.enum(['imperial', 'metric']),
  fontSize: z.enum(FONT_SIZES),
  colorScheme: z.enum(COLOR_SCHEMES),
  compactMode: z.boolean(),
  showAnimations: z.boolean(),
});

const system = z.strictObject({
  performance: z.strictObject({
    cacheEnabled: z.boolean(),
    /** Minutes a read stays fresh in the browser before it is fetched again. */
    cacheDuration: minutes(1, 1440),
    autoRefresh: z.boolean(),
    /** Seconds. */
    refreshInterval: z.number().int().min(5).max(3600),
    offlineMode: z.boolean(),
  }),
});

/** A member's settings, whole (what is stored and what the calls return). */
export const userSettings = z.strictObject({ profile, preferences, notifications, security, appearance, system });
/** A member's settings. */
export type UserSettings = z.infer<typeof userSettings>;

/** Every field optional, at every depth. */
export type DeepPartial<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;
/** A part of a member's settings, as a save sends it. */
export type SettingsPatch = DeepPartial<UserSettings>;

function deepPartial(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    const shape = Object.fromEntries(Object.entries(schema.shape as Record<string, z.ZodType>).map(([k, v]) => [k, deepPartial(v).optional()]));
    return z.strictObject(shape);
  }
  return schema;
}

/** {@link userSettings} with every field optional at every depth; unknown keys still refused. */
export const settingsPatch = deepPartial(userSettings) as z.ZodType<SettingsPatch>;

/** `POST /api/settings` body: `{ settings }`, a part of the member's settings. */
export const saveSettingsBody = z.strictObject({ settings: settingsPatch });

/**
 * How the server signs in to the Epic EHR: SMART Backend Services (a JWT assertion signed with the
 * organization's key, exchanged for a short-lived access token; what a real Epic requires) or a
 * static bearer token (for a FHIR server that issues one).
 */
export const EPIC_AUTH_METHODS = ['smart-backend', 'bearer-token'] as const;
/** How the server signs in to the Epic EHR. */
export type EpicAuthMethod = (typeof EPIC_AUTH_METHODS)[number];

const epicFields = {
  enabled: z.boolean(),
  /** The client id of the app registration (SMART Backend Services: the assertion's `iss` and `sub`). */
  clientId: text(200),
  /**
   * How the server signs in; absent on a connection saved before there was a choice (then
   * `epicAuthMethodOf` in `rules/ehr-sync.ts` decides).
   */
  authMethod: z.enum(EPIC_AUTH_METHODS).optional(),
  environment: z.enum(['sandbox', 'production']),
  /**
   * The FHIR base URL; `Test Connection` reads `{baseUrl}/metadata`. Empty until set. The server
   * reaches it over https at a public address, or where the deployment's `OUTBOUND_ALLOW` names it
   * (an on-premise server): that is the operator's decision, never an organization's setting.
   */
  baseUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(500)]),
  /** When patients were last synchronised; null until then. */
  lastSync: z.iso.datetime({ offset: true }).nullable(),
};

/**
 * The Epic EHR connection of the organization (System category; saved by Admins), as stored and
 * returned. Keys it does not name are dropped when it is read, so a setting an older version
 * stored (the organization's own "on-premise" switch) has no effect.
 */
export const epicIntegration = z.object(epicFields);
/** The Epic EHR connection. */
export type EpicIntegration = z.infer<typeof epicIntegration>;

/** The Epic EHR connection before anything is saved. */
export const DEFAULT_EPIC_INTEGRATION: EpicIntegration = {
  enabled: false,
  clientId: '',
  environment: 'sandbox',
  baseUrl: '',
  lastSync: null,
};

/**
 * `PUT /api/settings/integrations/epic` body: the fields to change (lastSync is the server's), and
 * the bearer token the server sends to the EHR (write-only: never read back; null removes it).
 */
export const epicIntegrationBody = z
  .strictObject(epicFields)
  .omit({ lastSync: true })
  .extend({ bearerToken: z.string().trim().min(1).max(4000).nullable() })
  .partial();
/** What a save of the Epic EHR connection sends. */
export type EpicIntegrationBody = z.infer<typeof epicIntegrationBody>;

/** What one Sync Patients did (`POST /api/settings/integrations/epic/sync`). */
export const syncSummary = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  errors: z.number().int(),
  /** Pages of the EHR's Patient search read. */
  pages: z.number().int(),
  /** Every page was read (the sync time is recorded only then). */
  complete: z.boolean(),
  /** Why some were skipped or failed (the first few). */
  messages: z.array(z.string()),
  lastSync: z.string().nullable(),
});
/** What one Sync Patients did. */
export type SyncSummary = z.infer<typeof syncSummary>;

/** `POST /api/settings/integrations/epic/test` answer. */
export const epicTestResult = z.object({
  success: z.literal(true),
  ok: z.boolean(),
  fhirVersion: z.string().nullable(),
  software: z.string().nullable(),
  error: z.string().nullable(),
});
/** The outcome of Test Connection. */
export type EpicTestResult = z.infer<typeof epicTestResult>;

/** `GET /api/org/info` answer's organization. */
export const orgInfo = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  plan: z.string(),
  role: z.string(),
  department: z.string().nullable(),
  lastLogin: z.string().nullable(),
  sessionTimeoutMinutes: z.number(),
  epic: epicIntegration,
  /** Whether a bearer token for the Epic EHR is saved (the token itself is never sent back). */
  epicBearerTokenSet: z.boolean(),
  /** The other integrations of the organization (EMR, lab, radiology), read-only here. */
  integrations: z.record(z.string(), z.boolean()),
  /** What backs the platform statements shown read-only in the Security category. */
  statements: z.object({ encryption: z.string(), hipaa: z.string() }),
});
/** The organization as the settings screen shows it. */
export type OrgInfo = z.infer<typeof orgInfo>;
