import { describe, expect, it } from 'vitest';
import { saveSettingsBody, userSettings } from '../contracts/settings.js';
import { DEFAULT_USER_SETTINGS, effectiveSettings, formatTimeOfDay, mergeSettings, queryStaleTime, sessionTimeoutProblem } from './settings.js';

describe('settings', () => {
  it('the defaults are valid settings with section 9 values', () => {
    const s = userSettings.parse(DEFAULT_USER_SETTINGS);
    expect(s.preferences.dashboard.refreshInterval).toBe(30);
    expect(s.preferences.queue.refreshInterval).toBe(15);
    expect(s.security.authentication.sessionTimeout).toBe(30);
    expect(s.security.authentication.passwordExpiry).toBe(90);
    expect(s.preferences.visitors.badgeExpiry).toBe(8);
    expect(s.security.data.dataRetention).toBe(7);
    expect(s.system.performance.cacheDuration).toBe(60);
    expect(s.appearance).toMatchObject({ timezone: 'America/New_York', dateFormat: 'MM/DD/YYYY', timeFormat: '12h' });
  });

  it('a save merges into what is stored, object by object', () => {
    const stored = { appearance: { theme: 'dark' } };
    const merged = effectiveSettings(stored, { appearance: { timeFormat: '24h' }, preferences: { dashboard: { showRecentActivity: false } } });
    expect(merged.appearance.theme).toBe('dark');
    expect(merged.appearance.timeFormat).toBe('24h');
    expect(merged.preferences.dashboard.showQuickActions).toBe(true);
    expect(merged.preferences.dashboard.showRecentActivity).toBe(false);
  });

  it('arrays replace rather than merge', () => {
    expect(mergeSettings({ a: ['x', 'y'] }, { a: ['z'] })).toEqual({ a: ['z'] });
  });

  it('unknown keys are refused at any depth, and wrong values too', () => {
    expect(saveSettingsBody.safeParse({ settings: { appearance: { theme: 'dark' } } }).success).toBe(true);
    expect(saveSettingsBody.safeParse({ settings: { appearance: { bogus: 1 } } }).success).toBe(false);
    expect(saveSettingsBody.safeParse({ settings: { nope: {} } }).success).toBe(false);
    expect(saveSettingsBody.safeParse({ settings: { appearance: { theme: 'pink' } } }).success).toBe(false);
    expect(saveSettingsBody.safeParse({ settings: {}, extra: 1 }).success).toBe(false);
    expect(userSettings.safeParse(mergeSettings(DEFAULT_USER_SETTINGS, { profile: { nickname: 'x' } })).success).toBe(false);
  });

  it('the session timeout may equal but not pass the organization one', () => {
    expect(sessionTimeoutProblem(30, 30)).toBeNull();
    expect(sessionTimeoutProblem(15, 30)).toBeNull();
    expect(sessionTimeoutProblem(31, 30)).toMatch(/30 minutes/);
  });

  it('times follow the 12h or 24h choice', () => {
    const d = new Date(2026, 0, 1, 14, 5, 9);
    expect(formatTimeOfDay(d, '24h')).toBe('14:05:09');
    expect(formatTimeOfDay(d, '12h')).toBe('2:05:09 PM');
    expect(formatTimeOfDay(new Date(2026, 0, 1, 0, 5, 9), '24h', { seconds: false })).toBe('00:05');
  });

  it('midnight and noon, a date before the time, and a time zone, in both formats', () => {
    const spaced = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');
    expect(spaced(formatTimeOfDay(new Date(2026, 0, 1, 0, 0, 0), '12h'))).toBe('12:00:00 AM');
    expect(spaced(formatTimeOfDay(new Date(2026, 0, 1, 12, 0, 0), '12h', { seconds: false }))).toBe('12:00 PM');
    expect(formatTimeOfDay(new Date(2026, 0, 1, 12, 0, 0), '24h', { seconds: false })).toBe('12:00');
    const d = new Date(2026, 10, 26, 21, 7, 3);
    expect(spaced(formatTimeOfDay(d, '12h', { date: 'numeric' }))).toBe('11/26/2026, 9:07:03 PM');
    expect(formatTimeOfDay(d, '24h', { date: 'numeric' })).toBe('11/26/2026, 21:07:03');
    expect(spaced(formatTimeOfDay(d, '12h', { date: 'medium', seconds: false }))).toBe('Nov 26, 2026, 9:07 PM');
    expect(formatTimeOfDay(d, '24h', { date: 'medium', seconds: false })).toBe('Nov 26, 2026, 21:07');
    const instant = new Date('2026-07-04T18:30:00Z');
    expect(formatTimeOfDay(instant, '24h', { seconds: false, timeZone: 'America/New_York' })).toBe('14:30');
    expect(spaced(formatTimeOfDay(instant, '12h', { seconds: false, timeZone: 'America/Los_Angeles' }))).toBe('11:30 AM');
  });

  it('the stale time is the cache duration when caching is on, else none', () => {
    expect(queryStaleTime({ cacheEnabled: true, cacheDuration: 1 })).toBe(60_000);
    expect(queryStaleTime({ cacheEnabled: false, cacheDuration: 60 })).toBe(0);
  });
});

describe('notifications', () => {
  it('a live event pops up only with push on and its topic on', async () => {
    const { notifiesOf } = await import('./settings.js');
    const n = structuredClone(DEFAULT_USER_SETTINGS.notifications);
    expect(notifiesOf(n, 'emergency.alert.updated')).toBe(false);
    n.push.enabled = true;
    expect(notifiesOf(n, 'emergency.alert.updated')).toBe(true);
    expect(notifiesOf(n, 'patient.created')).toBe(false);
    n.email.emergencyAlerts = false;
    expect(notifiesOf(n, 'emergency.alert.updated')).toBe(false);
    expect(notifiesOf(n, 'queue.updated')).toBe(true);
  });
});

describe('settingsDiff', () => {
  it('keeps only what changed, at its depth', async () => {
    const { settingsDiff } = await import('./settings.js');
    const after = structuredClone(DEFAULT_USER_SETTINGS);
    expect(settingsDiff(DEFAULT_USER_SETTINGS, after)).toBeUndefined();
    after.appearance.theme = 'dark';
    after.preferences.dashboard.showRecentActivity = false;
    expect(settingsDiff(DEFAULT_USER_SETTINGS, after)).toEqual({
      appearance: { theme: 'dark' },
      preferences: { dashboard: { showRecentActivity: false } },
    });
  });
});
