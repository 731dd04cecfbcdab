/**
 * A member's settings: the defaults of operations-and-public section 9, the merge of a
 * save into what is stored, and how the stored choices are applied (times, font size, cache).
 */
import type { SettingsPatch, UserSettings } from '../contracts/settings.js';

/** The profile's time zone choices (Eastern, Central, Mountain, Pacific). */
export const SETTINGS_TIME_ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'] as const;
/** The label of each time zone choice. */
export const TIME_ZONE_LABELS: Record<(typeof SETTINGS_TIME_ZONES)[number], string> = {
  'America/New_York': 'Eastern',
  'America/Chicago': 'Central',
  'America/Denver': 'Mountain',
  'America/Los_Angeles': 'Pacific',
};

const channel = (enabled: boolean) => ({ enabled, triageUpdates: enabled, emergencyAlerts: enabled, systemUpdates: enabled });

/**
 * The settings of a member who saved nothing (section 9: dashboard refresh 30, queue refresh 15,
 * session timeout 30, password expiry 90, badge expiry 8, data retention 7, cache duration 60,
 * America/New_York, MM/DD/YYYY, 12h, priority Medium, range Week, export PDF, backup Daily; role
 * Doctor and department Emergency Medicine are display defaults the server replaces by the member's).
 */
export const DEFAULT_USER_SETTINGS: UserSettings = {
  profile: {
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    title: '',
    department: 'Emergency Medicine',
    role: 'Doctor',
    timezone: 'America/New_York',
    language: 'en',
  },
  preferences: {
    dashboard: { defaultTab: 'overview', showQuickActions: true, showRecentActivity: true, showStatistics: true, refreshInterval: 30 },
    triage: { autoSave: true, defaultPriority: 'Medium', enableAI: true, showConfidence: true },
    queue: { autoRefresh: true, refreshInterval: 15, showWaitTimes: true, enableNotifications: true },
    analytics: { defaultDateRange: 'Week', showTrends: true, enableAlerts: true, exportFormat: 'PDF' },
    emergency: { enableAlerts: true, alertSound: true, alertVibration: false, criticalOnly: false },
    visitors: { requireID: true, enableHealthScreening: true, badgeExpiry: 8, autoCheckout: true },
  },
  notifications: { email: channel(true), push: channel(false), sms: channel(false), inApp: channel(true) },
  security: {
    authentication: { twoFactorEnabled: false, sessionTimeout: 30, requirePasswordChange: false, passwordExpiry: 90 },
    access: { ipWhitelist: [], deviceRestrictions: false, locationTracking: false, auditLogging: true },
    data: { encryptionEnabled: true, backupFrequency: 'Daily', dataRetention: 7, exportPermissions: true },
    compliance: { hipaaCompliant: true, gdprCompliant: false, auditTrail: true, dataAnonymization: false },
  },
  appearance: {
    theme: 'light',
    language: 'en',
    timezone: 'America/New_York',
    dateFormat: 'MM/DD/YYYY',
    timeFormat: '12h',
    currency: 'USD',
    units: 'imperial',
    fontSize: 'medium',
    colorScheme: 'blue',
    compactMode: false,
    showAnimations: true,
  },
  system: {
    performance: { cacheEnabled: true, cacheDuration: 60, autoRefresh: true, refreshInterval: 30, offlineMode: false },
  },
};

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `patch` laid over `base`, object by object; arrays and values replace. Keys the base lacks are
 * kept, so the whole schema then refuses them.
 */
export function mergeSettings<T>(base: T, patch: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(patch)) return (patch === undefined ? base : patch) as T;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    out[key] = Object.hasOwn(base, key) ? mergeSettings(base[key], value) : value;
  }
  return out as T;
}

/** The settings a member sees: the defaults, then what they stored, then `patch` (a save). */
export function effectiveSettings(stored: unknown, patch?: SettingsPatch): UserSettings {
  return mergeSettings(mergeSettings(DEFAULT_USER_SETTINGS, stored ?? {}), patch ?? {});
}

/**
 * A member's session timeout may only shorten the organization's: the refusal's text, or null
 * when `minutes` is allowed.
 */
export function sessionTimeoutProblem(minutes: number, organizationMinutes: number): string | null {
  return minutes > organizationMinutes ? `The session timeout cannot be longer than the organization's ${organizationMinutes} minutes.` : null;
}

/** The date shown before a time, when one is: `numeric` ("11/26/2026") or `medium` ("Nov 26, 2026"). */
const DATE_PARTS = {
  numeric: { year: 'numeric', month: 'numeric', day: 'numeric' },
  medium: { year: 'numeric', month: 'short', day: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * A time as the member chose to see it (Settings, Appearance, Time Format): `12h` ("2:05:09 PM")
 * or `24h` ("14:05:09"), optionally after its date ("11/26/2026, 14:05"). Every time a staff
 * screen shows goes through here (the web's `useFormatTime` and `TimeText`).
 */
export function formatTimeOfDay(
  date: Date,
  timeFormat: '12h' | '24h',
  options: { seconds?: boolean; timeZone?: string; date?: keyof typeof DATE_PARTS } = {},
): string {
  return date.toLocaleString('en-US', {
    ...(options.date ? DATE_PARTS[options.date] : {}),
    hour: timeFormat === '24h' ? '2-digit' : 'numeric',
    minute: '2-digit',
    second: options.seconds === false ? undefined : '2-digit',
    hourCycle: timeFormat === '24h' ? 'h23' : 'h12',
    timeZone: options.timeZone,
  });
}

/** The root font size, in pixels, of each font size choice. */
export const ROOT_FONT_SIZE_PX = { small: 14, medium: 16, large: 18 } as const;

/** How long (ms) the browser keeps a read fresh: the cache duration when caching is on, else 0. */
export function queryStaleTime(performance: { cacheEnabled: boolean; cacheDuration: number }): number {
  return performance.cacheEnabled ? performance.cacheDuration * 60_000 : 0;
}

/** The live events a member may have popped up as notifications, by the topic flag that decides. */
export const NOTIFYING_EVENTS = {
  'emergency.alert.updated': 'emergencyAlerts',
  'emergency.mass-casualty.updated': 'emergencyAlerts',
  'queue.updated': 'triageUpdates',
} as const;

/**
 * Whether a live event pops up as a notification: push notifications on, and the event's topic
 * (emergency alerts, triage updates) on in the Notifications category.
 */
export function notifiesOf(notifications: UserSettings['notifications'], eventType: string): boolean {
  const topic = (NOTIFYING_EVENTS as Record<string, 'emergencyAlerts' | 'triageUpdates' | undefined>)[eventType];
  return Boolean(topic) && notifications.push.enabled && notifications.email[topic!];
}

/** The part of `after` that differs from `before`, object by object (what a save sends). */
export function settingsDiff<T>(before: T, after: T): DeepPartialOf<T> | undefined {
  if (!isPlainObject(before) || !isPlainObject(after))
    return JSON.stringify(before) === JSON.stringify(after) ? undefined : (after as DeepPartialOf<T>);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    const d = settingsDiff((before as Record<string, unknown>)[key], (after as Record<string, unknown>)[key]);
    if (d !== undefined) out[key] = d;
  }
  return Object.keys(out).length > 0 ? (out as DeepPartialOf<T>) : undefined;
}
type DeepPartialOf<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]?: DeepPartialOf<T[K]> } : T;
