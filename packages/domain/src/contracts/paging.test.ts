import { describe, expect, it } from 'vitest';
import { cancelPageBody, onCallRotaBody, pageBody, pageHistoryQuery, pagingSettingsInput } from './paging.js';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('pageBody', () => {
  const base = { priority: 'urgent', message: 'Bed 4 needs review' };

  it('takes one recipient, or the role on call', () => {
    expect(pageBody.parse({ ...base, recipientMemberId: 'm1' }).recipientMemberId).toBe('m1');
    expect(pageBody.parse({ ...base, onCall: { role: 'Doctor' } }).onCall).toEqual({ role: 'Doctor' });
  });

  it('refuses both, or neither, naming the recipient field', () => {
    expect(messagesOf(pageBody.safeParse({ ...base, recipientMemberId: 'm1', onCall: { role: 'Doctor' } }))).toEqual([
      'recipientMemberId: Choose one recipient, or the role on call',
    ]);
    expect(messagesOf(pageBody.safeParse(base))).toEqual(['recipientMemberId: Choose one recipient, or the role on call']);
  });

  it('bounds the message at 500 characters and refuses an empty one', () => {
    expect(pageBody.safeParse({ ...base, recipientMemberId: 'm', message: 'x'.repeat(500) }).success).toBe(true);
    expect(messagesOf(pageBody.safeParse({ ...base, recipientMemberId: 'm', message: 'x'.repeat(501) }))).toEqual([
      'message: Message must be 500 characters or fewer',
    ]);
    expect(messagesOf(pageBody.safeParse({ ...base, recipientMemberId: 'm', message: '   ' }))).toEqual(['message: Message is required']);
  });

  it('refuses an unknown priority and a Viewer on call', () => {
    expect(messagesOf(pageBody.safeParse({ ...base, priority: 'low', recipientMemberId: 'm' }))).toEqual([
      'priority: Priority must be routine, urgent or emergency',
    ]);
    expect(pageBody.safeParse({ ...base, onCall: { role: 'Viewer' } }).success).toBe(false);
  });

  it('keeps an optional reason of a cancel under 200 characters', () => {
    expect(cancelPageBody.parse({}).reason).toBeUndefined();
    expect(cancelPageBody.safeParse({ reason: 'x'.repeat(201) }).success).toBe(false);
  });
});

describe('pageHistoryQuery', () => {
  it('pages 25 at a time by default, and reads "me" or a member id', () => {
    expect(pageHistoryQuery.parse({})).toEqual({ page: 1, pageSize: 25 });
    expect(pageHistoryQuery.parse({ recipient: 'me', page: '2', pageSize: '10' })).toEqual({ recipient: 'me', page: 2, pageSize: 10 });
  });
  it('refuses a range that ends before it starts, and pages past 100', () => {
    expect(messagesOf(pageHistoryQuery.safeParse({ from: '2027-01-05', to: '2027-01-04' }))).toEqual([
      'to: The end date must be on or after the start date',
    ]);
    expect(pageHistoryQuery.safeParse({ pageSize: '101' }).success).toBe(false);
  });
});

describe('onCallRotaBody', () => {
  const shift = { weekday: 1, start: '08:00', end: '20:00', primaryMemberId: 'a' };
  it('fills a missing backup and overrides', () => {
    expect(onCallRotaBody.parse({ role: 'Doctor', shifts: [shift] })).toEqual({
      role: 'Doctor',
      shifts: [{ ...shift, backupMemberId: null }],
      overrides: [],
    });
  });
  it("refuses the rules' problems and bad times", () => {
    expect(messagesOf(onCallRotaBody.safeParse({ role: 'Doctor', shifts: [{ ...shift, backupMemberId: 'a' }] }))).toEqual([
      'shifts: Shift 1: the backup must be someone else than the primary',
    ]);
    expect(onCallRotaBody.safeParse({ role: 'Doctor', shifts: [{ ...shift, end: '24:00' }] }).success).toBe(false);
  });
});

describe('pagingSettingsInput', () => {
  const settings = { timeoutMinutes: { emergency: 5, urgent: 15, routine: 60 }, autoPageCritical: true, webhookUrl: '' };
  it('takes an empty webhook URL for none', () => {
    expect(pagingSettingsInput.parse(settings).webhookUrl).toBeNull();
  });
  it('refuses a timeout under a minute, and a URL that is not http(s)', () => {
    expect(messagesOf(pagingSettingsInput.safeParse({ ...settings, timeoutMinutes: { ...settings.timeoutMinutes, emergency: 0 } }))).toEqual([
      'timeoutMinutes.emergency: Emergency timeout must be at least 1 minute',
    ]);
    expect(messagesOf(pagingSettingsInput.safeParse({ ...settings, webhookUrl: 'ftp://pager.example' }))).toEqual([
      'webhookUrl: Webhook URL must be an http(s) address',
    ]);
  });
});
