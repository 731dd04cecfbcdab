import { describe, expect, it } from 'vitest';
import { admissionRefusal, toggleOn, type AdmittingOrganization, type CallerKind } from './organization-admission.js';

const NOW = new Date('2026-03-01T12:00:00Z');
const active: AdmittingOrganization['subscription'] = { planId: 'professional', status: 'active' };
const org = (settings: Record<string, unknown> = {}, subscription = active): AdmittingOrganization => ({ settings, subscription });
const from = (kind: CallerKind, ip = '198.51.100.7') => ({ kind, ip });
const read = { write: false };
const write = { write: true };

describe('admission of a request by its organization', () => {
  it('admits every kind of caller to an active organization with no allow-list', () => {
    for (const kind of ['session', 'apiKey', 'public'] as const) expect(admissionRefusal(org(), from(kind), write, NOW)).toBeNull();
  });

  it("refuses a session or an API key from outside the IP allow-list, but not a public caller, who holds no organization's credential", () => {
    const listed = org({ ipWhitelist: ['203.0.113.0/24'] });
    expect(admissionRefusal(listed, from('session'), read, NOW)).toEqual({ rule: 'ip-allow-list' });
    expect(admissionRefusal(listed, from('apiKey'), read, NOW)).toEqual({ rule: 'ip-allow-list' });
    expect(admissionRefusal(listed, from('apiKey', '203.0.113.200'), read, NOW)).toBeNull();
    expect(admissionRefusal(listed, from('public'), write, NOW)).toBeNull();
  });

  it('refuses a route whose setting is off, the setting being on when it was never saved', () => {
    const needs = { write: true, setting: 'kioskEnabled' as const };
    expect(admissionRefusal(org({ kioskEnabled: false }), from('public'), needs, NOW)).toEqual({ rule: 'disabled', setting: 'kioskEnabled' });
    expect(admissionRefusal(org(), from('public'), needs, NOW)).toBeNull();
    expect(toggleOn({}, 'kioskEnabled')).toBe(true);
    expect(toggleOn({ kioskEnabled: 'no' }, 'kioskEnabled')).toBe(true);
  });

  it('refuses writes of a read-only organization (canceled, or a trial that ended), after naming a missing feature, and lets reads through', () => {
    const canceled = org({}, { planId: 'basic', status: 'canceled' });
    const lapsed = org({}, { planId: 'professional', status: 'trialing', trialEndsAt: '2026-02-28T00:00:00Z' });
    expect(admissionRefusal(canceled, from('public'), { write: true, feature: 'visitorManagement' }, NOW)).toEqual({
      rule: 'plan-feature',
      feature: 'visitorManagement',
    });
    expect(admissionRefusal(canceled, from('public'), write, NOW)).toEqual({ rule: 'read-only' });
    expect(admissionRefusal(lapsed, from('public'), write, NOW)).toEqual({ rule: 'read-only' });
    expect(admissionRefusal(lapsed, from('session'), { write: true, evenReadOnly: true }, NOW)).toBeNull();
    expect(admissionRefusal(canceled, from('public'), read, NOW)).toBeNull();
  });

  it('refuses a feature the plan lacks; a read of a read-only organization may still use what its plan includes', () => {
    const basic = org({}, { planId: 'basic', status: 'active' });
    expect(admissionRefusal(basic, from('public'), { write: false, feature: 'visitorManagement' }, NOW)).toEqual({
      rule: 'plan-feature',
      feature: 'visitorManagement',
    });
    expect(admissionRefusal(basic, from('public'), { write: true, feature: 'kiosk' }, NOW)).toBeNull();
    const canceled = org({}, { planId: 'professional', status: 'canceled' });
    expect(admissionRefusal(canceled, from('apiKey'), { write: false, feature: 'apiAccess' }, NOW)).toBeNull();
  });
});
