import type { UserSettings } from '@clinic/domain/contracts/settings';
import type { OrgInfoReply, PreferenceSettingsReply, ProfileSettingsReply, SecuritySettingsReply } from '@clinic/domain/contracts/settings-replies';
import { DEFAULT_USER_SETTINGS } from '@clinic/domain/rules/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { tenantKey } from '../tenant';

/** Query keys of the member's settings (they belong to the member in one organization). */
export const userSettingsKeys = {
  all: ['user-settings'] as const,
  settings: () => ['user-settings', tenantKey(), 'settings'] as const,
  orgInfo: () => ['user-settings', tenantKey(), 'org-info'] as const,
};

/**
 * The member's settings from the spec's calls, read together (`GET /api/user/profile`,
 * `/api/user/preferences`, `/api/user/security`): any failure fails the whole read.
 */
export async function fetchUserSettings(signal?: AbortSignal): Promise<UserSettings> {
  const [profile, preferences, security] = await Promise.all([
    // The shell's first-load reads are typed by their contract but not parsed (the first-load budget).
    api<ProfileSettingsReply>('/api/user/profile', { signal }),
    api<PreferenceSettingsReply>('/api/user/preferences', { signal }),
    api<SecuritySettingsReply>('/api/user/security', { signal }),
  ]);
  return {
    profile: profile.profile,
    preferences: preferences.preferences,
    notifications: preferences.notifications,
    security: security.security,
    appearance: preferences.appearance,
    system: preferences.system,
  };
}

/** The member's settings query. */
export function getUserSettingsQueryOptions() {
  return queryOptions({ queryKey: userSettingsKeys.settings(), queryFn: ({ signal }) => fetchUserSettings(signal), staleTime: 5 * 60_000 });
}

/** The member's settings (the settings screen, and every screen that applies them). */
export function useUserSettings(enabled = true) {
  return useQuery({ ...getUserSettingsQueryOptions(), enabled });
}

/**
 * The settings to apply now: the member's once loaded, the defaults before (or when they cannot
 * be read), so a screen never waits on them to show its data.
 */
export function useAppliedSettings(): UserSettings {
  return useUserSettings().data ?? DEFAULT_USER_SETTINGS;
}

/** `GET /api/org/info`: the organization facts of the System category. */
export function getOrgInfoQueryOptions() {
  return queryOptions({
    queryKey: userSettingsKeys.orgInfo(),
    queryFn: ({ signal }) => api<OrgInfoReply>('/api/org/info', { signal }).then((r) => r.organization),
  });
}

/** The organization facts of the System category. */
export function useOrgInfo() {
  return useQuery(getOrgInfoQueryOptions());
}
