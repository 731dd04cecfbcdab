/**
 * What the settings calls answer (`GET /api/user/*`, `GET /api/org/info`, `POST /api/settings` and
 * the Epic EHR connection's calls): the server serializes each reply from its schema here and the
 * web parses it with the same one.
 */
import { z } from 'zod';
import { epicIntegration, orgInfo, syncSummary, userSettings } from './settings.js';

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

/** `POST /api/settings/integrations/epic/sync` reply: what one Sync Patients did. */
export const epicSyncResponse = z.object({ success: z.literal(true), summary: syncSummary });

/** The member's profile settings. */
export type ProfileSettingsReply = z.output<typeof profileSettingsResponse>;
/** The member's preferences. */
export type PreferenceSettingsReply = z.output<typeof preferenceSettingsResponse>;
/** The member's security settings. */
export type SecuritySettingsReply = z.output<typeof securitySettingsResponse>;
/** The organization's facts shown in Settings. */
export type OrgInfoReply = z.output<typeof orgInfoResponse>;
