/**
 * The plan catalogue (platform-core section 9) and feature access by subscription (section 6).
 */

/** Plan ids of the catalogue. */
export const PLAN_IDS = ['basic', 'professional', 'enterprise'] as const;
/** A plan id. */
export type PlanId = (typeof PLAN_IDS)[number];

/** A plan of the catalogue; -1 in a limit means unlimited. */
export interface Plan {
  id: PlanId;
  name: string;
  /** Monthly price in US dollars. */
  price: number;
  interval: 'month';
  trialDays: number;
  features: string[];
  limits: { users: number; patients: number; storageGb: number };
  mostPopular: boolean;
  /** Tier of the feature table this plan grants (clinic type). */
  tier: 'starter' | 'professional' | 'enterprise';
}

/** Days of the free trial every plan offers, no card needed. */
export const TRIAL_DAYS = 30;

/** The three plans, cheapest first. */
export const PLANS: readonly Plan[] = [
  {
    id: 'basic',
    name: 'Basic',
    price: 499,
    interval: 'month',
    trialDays: TRIAL_DAYS,
    features: ['Advanced patient management', 'Analytics dashboard', 'Kiosk mode', 'Priority support'],
    limits: { users: 25, patients: 1000, storageGb: 10 },
    mostPopular: false,
    tier: 'starter',
  },
  {
    id: 'professional',
    name: 'Professional',
    price: 699,
    interval: 'month',
    trialDays: TRIAL_DAYS,
    features: ['Emergency room dashboard', 'Visitor management', 'Advanced analytics', 'API access', '24/7 support'],
    limits: { users: 100, patients: 10000, storageGb: 100 },
    mostPopular: true,
    tier: 'professional',
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 999,
    interval: 'month',
    trialDays: TRIAL_DAYS,
    features: ['Custom integrations', 'White-label', 'Dedicated support', 'SLA guarantee', 'Custom development'],
    limits: { users: -1, patients: -1, storageGb: 1000 },
    mostPopular: false,
    tier: 'enterprise',
  },
];

/** Finds a plan by id. */
export function findPlan(id: string | null | undefined): Plan | undefined {
  return PLANS.find((p) => p.id === id);
}

/** Subscription types of the feature table. */
export type SubscriptionType = 'consumer' | 'clinic';

/** Feature sets by subscription type and tier (platform-core section 6). */
export const FEATURES_BY_TIER = {
  consumer: {
    free: ['basicHealth'],
    basic: ['aiTriage', 'basicHealth', 'emailSupport'],
    premium: ['aiTriage', 'basicHealth', 'emailSupport', 'prioritySupport'],
  },
  clinic: {
    starter: ['aiTriage', 'patientRecords', 'basicAnalytics'],
    professional: ['aiTriage', 'patientRecords', 'doctorPaging', 'analytics', 'hipaaCompliance'],
    enterprise: ['aiTriage', 'patientRecords', 'doctorPaging', 'analytics', 'hipaaCompliance', 'apiAccess', 'whiteLabel'],
  },
} as const;

/** A feature named in the feature table. */
export type Feature =
  | (typeof FEATURES_BY_TIER)['consumer'][keyof (typeof FEATURES_BY_TIER)['consumer']][number]
  | (typeof FEATURES_BY_TIER)['clinic'][keyof (typeof FEATURES_BY_TIER)['clinic']][number];

/** Subscription states that grant features. */
export const ACTIVE_SUBSCRIPTION_STATUSES = ['trialing', 'active'] as const;

/** An organization's subscription as stored. */
export interface SubscriptionState {
  planId: string | null;
  status: string;
  trialEndsAt?: string | Date | null;
  currentPeriodEnd?: string | Date | null;
}

/** True when the subscription currently grants features (an expired trial does not). */
export function isSubscriptionActive(sub: SubscriptionState, now: Date = new Date()): boolean {
  if (!(ACTIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(sub.status)) return false;
  if (sub.status === 'trialing' && sub.trialEndsAt && new Date(sub.trialEndsAt).getTime() <= now.getTime()) return false;
  return true;
}

/** The features an organization's subscription grants now; none when inactive or unknown. */
export function featuresFor(sub: SubscriptionState | null | undefined, now: Date = new Date()): Feature[] {
  if (!sub || !isSubscriptionActive(sub, now)) return [];
  const plan = findPlan(sub.planId);
  if (!plan) return [];
  return [...FEATURES_BY_TIER.clinic[plan.tier]];
}

/** True when the subscription grants `feature`. */
export function hasFeature(sub: SubscriptionState | null | undefined, feature: Feature, now: Date = new Date()): boolean {
  return featuresFor(sub, now).includes(feature);
}

/** Formats a plan limit for display: -1 is "Unlimited", numbers get thousands separators. */
export function formatLimit(value: number, unit = ''): string {
  if (value === -1) return 'Unlimited';
  return `${value.toLocaleString('en-US')}${unit}`;
}

/** Support level of a plan as the pricing comparison shows it. */
export type SupportLevel = '24/7' | 'Priority' | 'Email';

/**
 * The support level derived from a plan's features (operations-and-public section 3, Plan):
 * '24/7' when it lists '24/7 support', 'Priority' when it lists 'Priority support', else 'Email'.
 */
export function supportLevel(features: readonly string[]): SupportLevel {
  const has = (name: string) => features.some((f) => f.trim().toLowerCase() === name);
  if (has('24/7 support')) return '24/7';
  if (has('priority support')) return 'Priority';
  return 'Email';
}

/** Formats a storage limit given in GB: whole terabytes as TB ("1TB"), else GB ("100GB"); -1 is "Unlimited". */
export function formatStorage(gb: number): string {
  if (gb === -1) return 'Unlimited';
  if (gb >= 1000 && gb % 1000 === 0) return `${(gb / 1000).toLocaleString('en-US')}TB`;
  return `${gb.toLocaleString('en-US')}GB`;
}
