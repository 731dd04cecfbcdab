import { describe, expect, it } from 'vitest';
import {
  FEATURES_BY_TIER,
  PLANS,
  TRIAL_DAYS,
  featuresFor,
  findPlan,
  formatLimit,
  formatStorage,
  hasFeature,
  isSubscriptionActive,
  supportLevel,
} from './plans.js';

const now = new Date('2025-06-01T12:00:00.000Z');
const ms = (offset: number) => new Date(now.getTime() + offset);

describe('plan catalogue', () => {
  it('offers Basic $499, Professional $699 and Enterprise $999 a month, each with a 30-day trial', () => {
    expect(PLANS.map((p) => [p.id, p.name, p.price, p.trialDays])).toEqual([
      ['basic', 'Basic', 499, 30],
      ['professional', 'Professional', 699, 30],
      ['enterprise', 'Enterprise', 999, 30],
    ]);
    expect(TRIAL_DAYS).toBe(30);
    expect(PLANS.filter((p) => p.mostPopular).map((p) => p.id)).toEqual(['professional']);
  });

  it('has the limits of the spec, -1 meaning unlimited', () => {
    expect(findPlan('basic')?.limits).toEqual({ users: 25, patients: 1000, storageGb: 10 });
    expect(findPlan('professional')?.limits).toEqual({ users: 100, patients: 10000, storageGb: 100 });
    expect(findPlan('enterprise')?.limits).toEqual({ users: -1, patients: -1, storageGb: 1000 });
    expect(findPlan('free')).toBeUndefined();
    expect(findPlan(null)).toBeUndefined();
  });
});

describe('featuresFor', () => {
  it('an active Professional subscription grants the clinic professional set', () => {
    expect(featuresFor({ planId: 'professional', status: 'active' }, now)).toEqual([
      'aiTriage',
      'patientRecords',
      'doctorPaging',
      'analytics',
      'hipaaCompliance',
    ]);
  });

  it('Basic grants the clinic starter set and Enterprise adds apiAccess and whiteLabel to professional', () => {
    expect(featuresFor({ planId: 'basic', status: 'active' }, now)).toEqual(['aiTriage', 'patientRecords', 'basicAnalytics']);
    const enterprise = featuresFor({ planId: 'enterprise', status: 'active' }, now);
    expect(enterprise).toEqual([...FEATURES_BY_TIER.clinic.professional, 'apiAccess', 'whiteLabel']);
  });

  it('a trial grants its plan until the last millisecond before it ends', () => {
    const sub = (trialEndsAt: Date) => ({ planId: 'professional', status: 'trialing', trialEndsAt });
    expect(featuresFor(sub(ms(1)), now)).toContain('doctorPaging');
    expect(isSubscriptionActive(sub(ms(1)), now)).toBe(true);
  });

  it('an expired trial grants nothing, from the moment it ends', () => {
    const sub = (trialEndsAt: Date | string) => ({ planId: 'professional', status: 'trialing', trialEndsAt });
    expect(featuresFor(sub(now), now)).toEqual([]);
    expect(featuresFor(sub(ms(-86_400_000).toISOString()), now)).toEqual([]);
    expect(hasFeature(sub(ms(-1)), 'aiTriage', now)).toBe(false);
  });

  it.each([['canceled'], ['past_due'], ['incomplete'], ['']])('a subscription whose status is "%s" grants nothing', (status) => {
    expect(featuresFor({ planId: 'enterprise', status }, now)).toEqual([]);
  });

  it('a missing subscription or an unknown plan grants nothing', () => {
    expect(featuresFor(null, now)).toEqual([]);
    expect(featuresFor(undefined, now)).toEqual([]);
    expect(featuresFor({ planId: null, status: 'active' }, now)).toEqual([]);
    expect(featuresFor({ planId: 'platinum', status: 'active' }, now)).toEqual([]);
  });

  it('returns a copy, so a caller cannot change the feature table', () => {
    featuresFor({ planId: 'basic', status: 'active' }, now).push('whiteLabel');
    expect(featuresFor({ planId: 'basic', status: 'active' }, now)).not.toContain('whiteLabel');
  });
});

describe('hasFeature', () => {
  it('tells a plan feature from one the plan lacks', () => {
    const basic = { planId: 'basic', status: 'active' };
    expect(hasFeature(basic, 'basicAnalytics', now)).toBe(true);
    expect(hasFeature(basic, 'doctorPaging', now)).toBe(false);
    expect(hasFeature({ planId: 'enterprise', status: 'trialing', trialEndsAt: ms(60_000) }, 'whiteLabel', now)).toBe(true);
    expect(hasFeature(null, 'aiTriage', now)).toBe(false);
  });
});

describe('formatLimit', () => {
  it('shows -1 as Unlimited', () => {
    expect(formatLimit(-1)).toBe('Unlimited');
    expect(formatLimit(-1, 'GB')).toBe('Unlimited');
  });

  it('shows numbers with thousands separators and the unit', () => {
    expect(formatLimit(0)).toBe('0');
    expect(formatLimit(25)).toBe('25');
    expect(formatLimit(1000)).toBe('1,000');
    expect(formatLimit(10000)).toBe('10,000');
    expect(formatLimit(100, 'GB')).toBe('100GB');
    expect(formatLimit(1234567)).toBe('1,234,567');
  });
});

describe('formatStorage', () => {
  it('shows the catalogue storage as 10GB, 100GB and 1TB', () => {
    expect(PLANS.map((p) => formatStorage(p.limits.storageGb))).toEqual(['10GB', '100GB', '1TB']);
  });

  it('keeps GB below a whole terabyte and shows -1 as Unlimited', () => {
    expect(formatStorage(999)).toBe('999GB');
    expect(formatStorage(1500)).toBe('1,500GB');
    expect(formatStorage(2000)).toBe('2TB');
    expect(formatStorage(-1)).toBe('Unlimited');
  });
});

describe('supportLevel', () => {
  it("is '24/7' when the features list '24/7 support'", () => {
    expect(supportLevel(['API access', '24/7 support'])).toBe('24/7');
  });

  it("is 'Priority' when the features list 'Priority support' and not '24/7 support'", () => {
    expect(supportLevel(['Kiosk mode', 'Priority support'])).toBe('Priority');
  });

  it("prefers '24/7' when both are listed", () => {
    expect(supportLevel(['Priority support', '24/7 support'])).toBe('24/7');
  });

  it("is 'Email' otherwise, including 'Dedicated support'", () => {
    expect(supportLevel(['Dedicated support', 'SLA guarantee'])).toBe('Email');
    expect(supportLevel([])).toBe('Email');
  });

  it('gives the catalogue Priority, 24/7 and Email', () => {
    expect(PLANS.map((p) => supportLevel(p.features))).toEqual(['Priority', '24/7', 'Email']);
  });
});

describe('plan enforcement rules', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  it('limitReached: Basic allows up to 25 users and 1,000 patients; Enterprise is unlimited', async () => {
    const { limitReached } = await import('./plans.js');
    expect(limitReached('basic', 'users', 24)).toBe(false);
    expect(limitReached('basic', 'users', 25)).toBe(true);
    expect(limitReached('basic', 'patients', 999)).toBe(false);
    expect(limitReached('basic', 'patients', 1000)).toBe(true);
    expect(limitReached('professional', 'users', 99)).toBe(false);
    expect(limitReached('professional', 'users', 100)).toBe(true);
    expect(limitReached('enterprise', 'users', 1_000_000)).toBe(false);
  });

  it('isReadOnly: a lapsed trial, a canceled plan, or a cancellation whose period ended; not past due', async () => {
    const { isReadOnly } = await import('./plans.js');
    const ms = (offset: number) => new Date(now.getTime() + offset);
    expect(isReadOnly({ planId: 'basic', status: 'trialing', trialEndsAt: ms(1) }, now)).toBe(false);
    expect(isReadOnly({ planId: 'basic', status: 'trialing', trialEndsAt: now }, now)).toBe(true);
    expect(isReadOnly({ planId: 'basic', status: 'canceled' }, now)).toBe(true);
    expect(isReadOnly({ planId: 'basic', status: 'past_due' }, now)).toBe(false);
    expect(isReadOnly({ planId: 'basic', status: 'active', currentPeriodEnd: ms(-1), cancelAtPeriodEnd: true }, now)).toBe(true);
    expect(isReadOnly({ planId: 'basic', status: 'active', currentPeriodEnd: ms(-1), cancelAtPeriodEnd: false }, now)).toBe(false);
  });

  it('features by plan: Basic has no emergency room, Professional has it; a read-only organization still reads', async () => {
    const { featureAllowed, planIncludes } = await import('./plans.js');
    expect(planIncludes('basic', 'kiosk')).toBe(true);
    expect(planIncludes('basic', 'emergencyRoom')).toBe(false);
    expect(planIncludes('professional', 'visitorManagement')).toBe(true);
    expect(planIncludes('professional', 'whiteLabel')).toBe(false);
    expect(planIncludes('enterprise', 'customIntegrations')).toBe(true);
    const lapsed = { planId: 'professional', status: 'canceled' };
    expect(featureAllowed(lapsed, 'emergencyRoom', false, now)).toBe(true);
    expect(featureAllowed(lapsed, 'emergencyRoom', true, now)).toBe(false);
  });
});
