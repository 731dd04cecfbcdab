/**
 * What the settings calls answer (`GET /api/user/*`, `GET /api/org/info`, `POST /api/settings` and
 * the Epic EHR connection's calls): the server serializes each reply from its schema here and the
 * web parses it with the same one.
 */
import { z } from 'zod';
import { ehrSyncRun, epicSigningKey } from './integrations.js';
import { epicIntegration, orgInfo, userSettings } from './settings.js';

const settingsPart = userSettings.shape;

/** `GET /api/user/profile` reply. */
export const profileSettingsResponse = z.object({ success: z.literal(true), profile: settingsPart.profile });

/** `GET /api/user/preferences` reply: preferences, notifications, appearance and performance. */
export const preferenceSettingsResponse = z.object({
  success: z.literal(true),
  preferences: settingsPart.preferences,
  notifications: settingsPart.notifications,
  appearance: settingsPart.appearance,
  system: settingsPart.system,
});

/** `GET /api/user/security` reply. */
export const securitySettingsResponse = z.object({ success: z.literal(true), security: settingsPart.security });

/** `POST /api/settings` reply: the member's settings, whole, as saved. */
export const saveSettingsResponse = z.object({ success: z.literal(true), settings: userSettings });

/** `GET /api/org/info` reply. */
export const orgInfoResponse = z.object({ success: z.literal(true), organization: orgInfo });

/** `PUT /api/settings/integrations/epic` reply: the connection as saved (never its bearer token). */
export const epicResponse = z.object({ success: z.literal(true), epic: epicIntegration });

/**
 * `POST /api/settings/integrations/epic/sync` reply: the run it queued, or the open run it joined
 * (a background worker does the sync; `GET .../sync-runs` follows it).
 */
export const epicSyncResponse = z.object({ success: z.literal(true), run: ehrSyncRun });

/** `GET /api/settings/integrations/epic/sync-runs` reply: the newest runs first. */
export const epicSyncRunsResponse = z.object({ success: z.literal(true), runs: z.array(ehrSyncRun), total: z.number().int() });

/**
 * `GET /api/settings/integrations/epic/smart` and `POST .../smart/rotate-key` reply: the JWKS URL to
 * register in Epic's app registration (null when this server cannot name its public address) and
 * the organization's signing keys, newest first.
 */
export const epicSmartResponse = z.object({ success: z.literal(true), jwksUrl: z.string().nullable(), keys: z.array(epicSigningKey) });

/** The member's profile settings. */
export type ProfileSettingsReply = z.output<typeof profileSettingsResponse>;
/** The member's preferences. */
export type PreferenceSettingsReply = z.output<typeof preferenceSettingsResponse>;
/** The member's security settings. */
export type SecuritySettingsReply = z.output<typeof securitySettingsResponse>;
/** The organization's facts shown in Settings. */
export type OrgInfoReply = z.output<typeof orgInfoResponse>;
