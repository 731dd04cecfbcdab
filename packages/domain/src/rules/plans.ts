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

/** A feature named in the feature table of section 6. */
export type TierFeature =
  | (typeof FEATURES_BY_TIER)['consumer'][keyof (typeof FEATURES_BY_TIER)['consumer']][number]
  | (typeof FEATURES_BY_TIER)['clinic'][keyof (typeof FEATURES_BY_TIER)['clinic']][number];
/** A feature a route or screen may require: of the feature table, or of a plan by name ({@link PLAN_FEATURES}). */
export type Feature = TierFeature | PlanFeature;

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
export function featuresFor(sub: SubscriptionState | null | undefined, now: Date = new Date()): TierFeature[] {
  if (!sub || !isSubscriptionActive(sub, now)) return [];
  const plan = findPlan(sub.planId);
  if (!plan) return [];
  return [...FEATURES_BY_TIER.clinic[plan.tier]];
}

/** True when the subscription grants `feature`. */
export function hasFeature(sub: SubscriptionState | null | undefined, feature: Feature, now: Date = new Date()): boolean {
  return (featuresFor(sub, now) as readonly Feature[]).includes(feature) || grantsFeature(sub, feature, now);
}

/**
 * Whether a request may use `feature`: the subscription grants it, or (a read of a read-only
 * organization, {@link isReadOnly}) its plan includes it, so a lapsed organization still reads its records.
 */
export function featureAllowed(
  sub: (SubscriptionState & { cancelAtPeriodEnd?: boolean }) | null | undefined,
  feature: Feature,
  write: boolean,
  now: Date = new Date(),
): boolean {
  if (hasFeature(sub, feature, now)) return true;
  return Boolean(sub && !write && isReadOnly(sub, now) && planIncludes(sub.planId, feature));
}

/** The features the workspace shows as open: what the subscription grants, or, read-only, what its plan includes. */
export function workspaceFeatures(
  sub: (SubscriptionState & { cancelAtPeriodEnd?: boolean }) | null | undefined,
  now: Date = new Date(),
): Feature[] {
  if (!sub) return [];
  const plan = findPlan(sub.planId);
  const tier: Feature[] = featuresFor(sub, now);
  if (!plan) return tier;
  if (isSubscriptionActive(sub, now)) return [...new Set([...tier, ...PLAN_FEATURES[plan.id]])];
  if (isReadOnly(sub, now)) return [...new Set([...FEATURES_BY_TIER.clinic[plan.tier], ...PLAN_FEATURES[plan.id]])];
  return tier;
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

/**
 * The features each plan grants by name (platform-core section 9 and the pricing page): Basic has
 * patients, the analytics dashboard and the kiosk; Professional adds the emergency room, visitor
 * management, advanced analytics and API access; Enterprise adds custom integrations and white-label.
 */
export const PLAN_FEATURES = {
  basic: ['patients', 'analyticsDashboard', 'kiosk'],
  professional: ['patients', 'analyticsDashboard', 'kiosk', 'emergencyRoom', 'visitorManagement', 'advancedAnalytics', 'apiAccess'],
  enterprise: [
    'patients',
    'analyticsDashboard',
    'kiosk',
    'emergencyRoom',
    'visitorManagement',
    'advancedAnalytics',
    'apiAccess',
    'customIntegrations',
    'whiteLabel',
  ],
} as const satisfies Record<PlanId, readonly string[]>;

/** A feature a plan grants by name. */
export type PlanFeature = (typeof PLAN_FEATURES)[PlanId][number];

/** True when plan `planId` includes `feature` (of either table), whatever the subscription's state. */
export function planIncludes(planId: string | null | undefined, feature: Feature): boolean {
  const plan = findPlan(planId);
  if (!plan) return false;
  return (
    (PLAN_FEATURES[plan.id] as readonly string[]).includes(feature) || (FEATURES_BY_TIER.clinic[plan.tier] as readonly string[]).includes(feature)
  );
}

/** True when the subscription grants `feature` now: an active (or trialing) subscription of a plan that includes it. */
export function grantsFeature(sub: SubscriptionState | null | undefined, feature: Feature, now: Date = new Date()): boolean {
  return Boolean(sub && isSubscriptionActive(sub, now) && planIncludes(sub.planId, feature));
}

/** Subscription states that leave the organization read-only (besides a lapsed trial or a period ended after cancelling). */
export const READ_ONLY_STATUSES = ['canceled', 'unpaid', 'incomplete_expired'] as const;

/**
 * True when the organization is read-only: its trial lapsed, its plan was canceled (or its
 * cancellation at period end has come), or it has no plan. Staff still sign in, read and export;
 * writes are refused. A payment that failed (`past_due`) is not yet read-only.
 */
export function isReadOnly(sub: SubscriptionState & { cancelAtPeriodEnd?: boolean }, now: Date = new Date()): boolean {
  if ((READ_ONLY_STATUSES as readonly string[]).includes(sub.status)) return true;
  const past = (d: string | Date | null | undefined) => Boolean(d) && new Date(d!).getTime() <= now.getTime();
  if (sub.status === 'trialing' && past(sub.trialEndsAt)) return true;
  if (sub.cancelAtPeriodEnd && past(sub.status === 'trialing' ? sub.trialEndsAt : sub.currentPeriodEnd)) return true;
  return false;
}

/** What a plan limit counts: members and pending invitations, or active directory records. */
export type LimitKind = 'users' | 'patients';

/**
 * True when one more of `kind` would pass the plan's limit: `current` already counts every one
 * (for users: members plus pending invitations). Unlimited (-1) never is; an unknown plan counts as Basic.
 */
export function limitReached(planId: string | null | undefined, kind: LimitKind, current: number): boolean {
  const plan = findPlan(planId) ?? PLANS[0];
  const limit = plan.limits[kind];
  return limit !== -1 && current >= limit;
}
