import {
  STRIPE_NOT_CONFIGURED_MESSAGE,
  TRIAL_DAYS,
  findPlan,
  isReadOnly,
  type BillingResponse,
  type PaymentMethodDto,
  type PlanId,
} from '@clinic/domain';
import { desc, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { billingEvents, billingInvoices, type BillingInvoiceRow } from '../../db/schema/index.js';
import { subscriptionOf } from '../../platform/admission.js';
import { newId } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import type { MailMessage } from '../../platform/mail.js';
import { invoiceMailTo } from '../../platform/notification-settings.js';
import { planUsage } from '../../platform/plan-limits.js';
import type { AccountDb, PublicActor, RouteContext, RouteTenant, TenantRouteContext, TenantTx } from '../../platform/route/index.js';
import {
  organizationOfStripeCustomer,
  organizationRow as storedRow,
  updateOrganizationRow,
  type OrganizationChange,
} from '../organizations/index.js';
import { paymentsConfigured, stripeClient, type BillingConfig } from './stripe.js';

const DAY = 86_400_000;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function toInvoiceDto(row: BillingInvoiceRow) {
  return {
    id: row.id,
    date: row.createdAt.toISOString(),
    description: row.description,
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status,
    hostedUrl: row.hostedUrl,
  };
}

async function organizationRow(tx: TenantTx, organizationId: string, lock = false) {
  const row = await storedRow(tx, organizationId, { forUpdate: lock });
  if (!row) throw new AppError('not-found', 'Organization not found');
  return row;
}

/** The card on file at the provider, or null (no customer, no keys, or the provider unreachable). */
async function paymentMethodOf(config: BillingConfig, customerId: string | null): Promise<BillingResponse['paymentMethod']> {
  const stripe = stripeClient(config);
  if (!stripe || !customerId) return null;
  try {
    const methods = await stripe.paymentMethods.list({ customer: customerId, type: 'card', limit: 1 });
    const card = methods.data[0]?.card;
    return card ? { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year } : null;
  } catch {
    return null;
  }
}

/** The billing page: the subscription from the database, the invoices, the card at the provider, the usage. */
export async function billingOverview(ctx: TenantRouteContext, config: BillingConfig): Promise<BillingResponse> {
  const { tx, tenant } = ctx;
  const org = await organizationRow(tx, tenant.organizationId);
  // One after the other: the transaction is one connection.
  const invoices = await tx
    .select()
    .from(billingInvoices)
    .where(eq(billingInvoices.organizationId, tenant.organizationId))
    .orderBy(desc(billingInvoices.createdAt))
    .limit(100);
  const usage = await planUsage(tx, tenant.organizationId);
  await ctx.audit('billing.viewed', { type: 'organization', id: tenant.organizationId });
  return {
    success: true,
    subscription: {
      plan: (findPlan(org.planId)?.id ?? null) as PlanId | null,
      status: org.subscriptionStatus,
      trialEndsAt: iso(org.trialEndsAt),
      currentPeriodEnd: iso(org.currentPeriodEnd),
      cancelAtPeriodEnd: org.cancelAtPeriodEnd,
      readOnly: isReadOnly(subscriptionOf(org)),
      trialAvailable: !org.trialEndsAt && !org.stripeSubscriptionId,
    },
    invoices: invoices.map(toInvoiceDto),
    // What the signed webhook events reported, else (keys set) the provider asked now.
    paymentMethod: org.paymentMethod ?? (await paymentMethodOf(config, org.stripeCustomerId)),
    payments: { configured: paymentsConfigured(config), publishableKey: config.publishableKey ?? null },
    usage,
  };
}

/**
 * Starts the 30-day trial of `plan` without a card, or, during a trial, switches the trial's plan
 * (the end stays). An organization whose trial is over, or that pays, chooses through checkout.
 */
export async function startTrial(ctx: TenantRouteContext, plan: PlanId) {
  const { tx, tenant } = ctx;
  const org = await organizationRow(tx, tenant.organizationId, true);
  const now = new Date();
  const inTrial =
    org.subscriptionStatus === 'trialing' && org.trialEndsAt && org.trialEndsAt.getTime() > now.getTime() && !org.stripeSubscriptionId;
  const neverTried = !org.trialEndsAt && !org.stripeSubscriptionId;
  if (!inTrial && !neverTried) {
    throw new AppError('conflict/trial-used', 'The free trial has been used. Choose a plan with a card to continue.');
  }
  if (inTrial && org.planId === plan) throw new AppError('conflict/current-plan', 'This is already your current plan.');
  const trialEndsAt = inTrial ? org.trialEndsAt! : new Date(now.getTime() + TRIAL_DAYS * DAY);
  await updateOrganizationRow(tx, tenant.organizationId, {
    planId: plan,
    subscriptionStatus: 'trialing',
    subscriptionStartedAt: inTrial ? org.subscriptionStartedAt : now,
    trialEndsAt,
    cancelAtPeriodEnd: false,
    updatedAt: now,
  });
  await ctx.audit(
    'billing.trial-started',
    { type: 'organization', id: tenant.organizationId },
    { plan, from: org.planId, trialEndsAt: trialEndsAt.toISOString() },
  );
  return { plan, status: 'trialing', trialEndsAt: trialEndsAt.toISOString() };
}

/**
 * The card path: a Stripe Checkout session of a monthly subscription to `plan` (price times 100
 * cents in USD), tagged with the organization so the webhook can apply it. Without keys, refused
 * with the spec's message and nothing changed.
 */
export async function createCheckout(ctx: TenantRouteContext, config: BillingConfig, plan: PlanId, origin: string) {
  const stripe = stripeClient(config);
  if (!stripe || !paymentsConfigured(config)) throw new AppError('billing/not-configured', STRIPE_NOT_CONFIGURED_MESSAGE);
  const { tx, tenant } = ctx;
  const org = await organizationRow(tx, tenant.organizationId);
  const chosen = findPlan(plan)!;
  const activeSamePlan = org.planId === plan && org.subscriptionStatus === 'active' && !org.cancelAtPeriodEnd;
  if (activeSamePlan) throw new AppError('conflict/current-plan', 'This is already your current plan.');
  const metadata = { organizationId: tenant.organizationId, plan };
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    ...(org.stripeCustomerId ? { customer: org.stripeCustomerId } : { customer_email: org.email ?? undefined }),
    client_reference_id: tenant.organizationId,
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: chosen.price * 100,
          recurring: { interval: 'month' },
          product_data: { name: `${chosen.name} plan` },
        },
      },
    ],
    metadata,
    subscription_data: { metadata },
    success_url: `${origin}/billing?checkout=success`,
    cancel_url: `${origin}/billing?checkout=cancelled`,
  });
  await ctx.audit('billing.checkout-started', { type: 'organization', id: tenant.organizationId }, { plan });
  if (!session.url) throw new AppError('service/unavailable', 'The payment provider gave no checkout page. Please try again.');
  return session.url;
}

/** Cancels at the end of the period (or trial): the plan stays until then, and is not renewed. */
export async function cancelSubscription(ctx: TenantRouteContext, config: BillingConfig) {
  const { tx, tenant } = ctx;
  const org = await organizationRow(tx, tenant.organizationId, true);
  if (org.subscriptionStatus === 'canceled') throw new AppError('conflict/already-canceled', 'The subscription is already canceled.');
  if (org.cancelAtPeriodEnd) throw new AppError('conflict/already-canceled', 'The subscription is already set to end with its period.');
  if (org.stripeSubscriptionId) {
    const stripe = stripeClient(config);
    if (!stripe) throw new AppError('billing/not-configured', STRIPE_NOT_CONFIGURED_MESSAGE);
    await stripe.subscriptions.update(org.stripeSubscriptionId, { cancel_at_period_end: true });
  }
  await updateOrganizationRow(tx, tenant.organizationId, { cancelAtPeriodEnd: true, updatedAt: new Date() });
  const endsAt = org.subscriptionStatus === 'trialing' ? org.trialEndsAt : org.currentPeriodEnd;
  await ctx.audit('billing.canceled', { type: 'organization', id: tenant.organizationId }, { plan: org.planId, endsAt: iso(endsAt) });
  return { cancelAtPeriodEnd: true, endsAt: iso(endsAt) };
}

// --- The webhook ---------------------------------------------------------------------------

type Loose = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
const idOf = (v: unknown) => str(v) ?? str((v as Loose | null)?.id);
const metadataOf = (o: Loose) => (o.metadata && typeof o.metadata === 'object' ? (o.metadata as Record<string, string>) : {});
const fromUnix = (v: unknown) => (typeof v === 'number' ? new Date(v * 1000) : null);

/** The organization a verified event is about: its metadata, else its customer. */
export async function organizationOfEvent(db: AccountDb, event: Stripe.Event): Promise<string | null> {
  const object = event.data.object as unknown as Loose;
  const tagged = metadataOf(object).organizationId ?? str(object.client_reference_id);
  const lines = (object.lines as { data?: Loose[] } | undefined)?.data ?? [];
  const fromLines = lines.map((l) => metadataOf(l).organizationId).find(Boolean);
  const parent = ((object.parent as Loose | undefined)?.subscription_details as Loose | undefined)?.metadata as Record<string, string> | undefined;
  const direct = tagged ?? fromLines ?? parent?.organizationId ?? null;
  if (direct) return direct;
  // A detached payment method names its former customer only among the previous attributes.
  const previous = (event.data as { previous_attributes?: Loose }).previous_attributes;
  const customer = idOf(object.customer) ?? idOf(previous?.customer);
  if (!customer) return null;
  return organizationOfStripeCustomer(db, customer);
}

/**
 * The card summary an event carries: a payment method's `card` (`payment_method.*`) or a charge's
 * `payment_method_details.card` (`charge.succeeded`). Brand, last 4 digits and expiry only.
 */
export function cardSummaryOf(event: Stripe.Event): PaymentMethodDto | null {
  let card: { brand?: unknown; last4?: unknown; exp_month?: unknown; exp_year?: unknown } | null | undefined;
  if (event.type.startsWith('payment_method.')) card = (event.data.object as Stripe.PaymentMethod).card;
  else if (event.type === 'charge.succeeded') card = (event.data.object as Stripe.Charge).payment_method_details?.card;
  if (!card || typeof card.last4 !== 'string' || typeof card.exp_month !== 'number' || typeof card.exp_year !== 'number') return null;
  return { brand: str(card.brand) ?? 'card', last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year };
}

/** The subscription's period end: on the subscription (older API versions) or its first item. */
function periodEndOf(sub: Loose): Date | null {
  const items = (sub.items as { data?: Loose[] } | undefined)?.data ?? [];
  return fromUnix(sub.current_period_end) ?? fromUnix(items[0]?.current_period_end);
}

/** Records (or updates) an invoice the provider reported. */
async function recordInvoice(ctx: RouteContext<RouteTenant, PublicActor>, invoice: Loose, status: string, planId: string | null) {
  const providerInvoiceId = str(invoice.id) ?? newId();
  const plan = findPlan(planId);
  const lines = (invoice.lines as { data?: Loose[] } | undefined)?.data ?? [];
  const description = str(lines[0]?.description) ?? str(invoice.description) ?? `${plan?.name ?? 'Subscription'} plan (monthly)`;
  const amount = Number(status === 'paid' ? (invoice.amount_paid ?? invoice.total) : (invoice.amount_due ?? invoice.total)) || 0;
  const createdAt = fromUnix(invoice.created) ?? new Date();
  await ctx.tx
    .insert(billingInvoices)
    .values({
      organizationId: ctx.tenant.organizationId,
      id: newId(),
      providerInvoiceId,
      description,
      amountCents: Math.round(amount),
      currency: str(invoice.currency) ?? 'usd',
      status,
      planId,
      hostedUrl: str(invoice.hosted_invoice_url),
      createdAt,
    })
    .onConflictDoUpdate({
      target: [billingInvoices.organizationId, billingInvoices.providerInvoiceId],
      set: { status, amountCents: Math.round(amount), updatedAt: new Date(), hostedUrl: str(invoice.hosted_invoice_url) },
    });
}

/**
 * Applies one verified event in its organization, once: the event id is recorded first, and a
 * redelivered event (same id) changes nothing. Checkout completed activates the plan; subscription
 * changes follow the provider's status, period end and cancel-at-period-end; an invoice paid is
 * recorded (and clears past due); a failed payment is recorded and makes the subscription past due.
 */
export async function applyEvent(ctx: RouteContext<RouteTenant, PublicActor>, event: Stripe.Event): Promise<'applied' | 'duplicate'> {
  const { tx, tenant } = ctx;
  const inserted = await tx
    .insert(billingEvents)
    .values({ organizationId: tenant.organizationId, id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: billingEvents.id });
  if (!inserted.length) return 'duplicate';
  const object = event.data.object as unknown as Loose;
  const org = await organizationRow(tx, tenant.organizationId, true);
  const now = new Date();
  const set: OrganizationChange = {};
  switch (event.type) {
    case 'checkout.session.completed': {
      const plan = findPlan(metadataOf(object).plan);
      if (plan) set.planId = plan.id;
      set.subscriptionStatus = 'active';
      set.cancelAtPeriodEnd = false;
      set.subscriptionStartedAt = now;
      set.stripeCustomerId = idOf(object.customer) ?? org.stripeCustomerId;
      set.stripeSubscriptionId = idOf(object.subscription) ?? org.stripeSubscriptionId;
      set.currentPeriodEnd = new Date(now.getTime() + 30 * DAY);
      break;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const plan = findPlan(metadataOf(object).plan);
      if (plan) set.planId = plan.id;
      set.subscriptionStatus = event.type === 'customer.subscription.deleted' ? 'canceled' : (str(object.status) ?? org.subscriptionStatus);
      set.cancelAtPeriodEnd = Boolean(object.cancel_at_period_end);
      set.currentPeriodEnd = periodEndOf(object) ?? org.currentPeriodEnd;
      set.stripeSubscriptionId = str(object.id) ?? org.stripeSubscriptionId;
      set.stripeCustomerId = idOf(object.customer) ?? org.stripeCustomerId;
      break;
    }
    case 'payment_method.attached':
    case 'payment_method.updated':
    case 'payment_method.automatically_updated':
    case 'charge.succeeded': {
      const card = cardSummaryOf(event);
      if (card) set.paymentMethod = card;
      set.stripeCustomerId = idOf(object.customer) ?? org.stripeCustomerId;
      break;
    }
    case 'payment_method.detached': {
      // The card on file went; a summary of another card stays.
      const card = cardSummaryOf(event);
      if (card && org.paymentMethod && card.last4 === org.paymentMethod.last4 && card.brand === org.paymentMethod.brand) set.paymentMethod = null;
      break;
    }
    case 'invoice.paid':
    case 'invoice.payment_succeeded': {
      await recordInvoice(ctx, object, 'paid', org.planId);
      if (org.subscriptionStatus === 'past_due' || org.subscriptionStatus === 'trialing') set.subscriptionStatus = 'active';
      break;
    }
    case 'invoice.payment_failed': {
      await recordInvoice(ctx, object, 'failed', org.planId);
      set.subscriptionStatus = 'past_due';
      break;
    }
    default:
      break;
  }
  if (Object.keys(set).length) {
    await updateOrganizationRow(tx, tenant.organizationId, { ...set, updatedAt: now });
  }
  await ctx.audit(
    'billing.event',
    { type: 'organization', id: tenant.organizationId },
    { eventId: event.id, eventType: event.type, status: set.subscriptionStatus ?? org.subscriptionStatus },
  );
  return 'applied';
}

/** The invoice events that are e-mailed: one per payment (Stripe sends `invoice.payment_succeeded` beside `invoice.paid`). */
const MAILED_INVOICE_EVENTS: Partial<Record<Stripe.Event['type'], 'paid' | 'failed'>> = {
  'invoice.paid': 'paid',
  'invoice.payment_failed': 'failed',
};

/**
 * The e-mail of an invoice the provider reported, to the billing e-mail of the organization's
 * settings when its "billing" e-mail notification is on ({@link invoiceMailTo}); null otherwise.
 * An amount and a link to the provider's invoice page, no card data.
 */
export function invoiceMail(organization: { name: string; settings: unknown }, event: Stripe.Event): MailMessage | null {
  const outcome = MAILED_INVOICE_EVENTS[event.type];
  const to = outcome ? invoiceMailTo(organization.settings) : null;
  if (!outcome || !to) return null;
  const invoice = event.data.object as unknown as Loose;
  const cents = Number(outcome === 'paid' ? (invoice.amount_paid ?? invoice.total) : (invoice.amount_due ?? invoice.total)) || 0;
  const currency = (str(invoice.currency) ?? 'usd').toUpperCase();
  let amount: string;
  try {
    amount = new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
  } catch {
    amount = `${(cents / 100).toFixed(2)} ${currency}`;
  }
  const link = str(invoice.hosted_invoice_url);
  const number = str(invoice.number) ?? str(invoice.id) ?? '';
  return {
    to,
    subject: outcome === 'paid' ? `Invoice ${number} paid: ${organization.name}` : `Payment failed for invoice ${number}: ${organization.name}`,
    text: [
      outcome === 'paid'
        ? `The invoice ${number} of ${organization.name} for ${amount} has been paid.`
        : `The payment of the invoice ${number} of ${organization.name} for ${amount} failed. Please update the payment method on the Billing page.`,
      ...(link ? ['', `View the invoice: ${link}`] : []),
      '',
      "You receive this because this address is the billing e-mail in the organization's settings.",
    ].join('\n'),
  };
}
