import { z } from 'zod';
import { PLAN_IDS } from '../rules/plans.js';

/** What the plan chooser shows when the payment provider has no keys (platform-core section 5, quoted as the product shows it). */
export const STRIPE_NOT_CONFIGURED_MESSAGE =
  'Stripe publishable key not configured. Please add your Stripe publishable key to environment variables.';

/** `POST /api/billing/checkout` and `POST /api/billing/trial` body: the plan chosen. */
export const choosePlanBody = z.object({ plan: z.enum(PLAN_IDS) });
/** A plan choice. */
export type ChoosePlanBody = z.infer<typeof choosePlanBody>;

/** Subscription states as stored (the provider's names). */
export const SUBSCRIPTION_STATUSES = [
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const;

/** The organization's subscription as `/billing` shows it. */
export const billingSubscriptionDto = z.object({
  plan: z.enum(PLAN_IDS).nullable(),
  status: z.string(),
  trialEndsAt: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** Lapsed trial or canceled plan: staff read and export, writes are refused. */
  readOnly: z.boolean(),
  /** A trial may still be started (the organization never had one). */
  trialAvailable: z.boolean(),
});
/** A subscription. */
export type BillingSubscriptionDto = z.infer<typeof billingSubscriptionDto>;

/** An invoice of the billing history. */
export const invoiceDto = z.object({
  id: z.string(),
  date: z.string(),
  description: z.string(),
  /** In the currency's smallest unit (cents). */
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.string(),
  hostedUrl: z.string().nullable(),
});
/** An invoice. */
export type InvoiceDto = z.infer<typeof invoiceDto>;

/** The card on file, as the payment provider reports it. */
export const paymentMethodDto = z.object({ brand: z.string(), last4: z.string(), expMonth: z.number(), expYear: z.number() });
/** A payment method. */
export type PaymentMethodDto = z.infer<typeof paymentMethodDto>;

/** `GET /api/billing/subscription` response. */
export const billingResponse = z.object({
  success: z.literal(true),
  subscription: billingSubscriptionDto,
  invoices: z.array(invoiceDto),
  paymentMethod: paymentMethodDto.nullable(),
  /** Whether card payments are configured (Stripe keys), and the publishable key for the browser. */
  payments: z.object({ configured: z.boolean(), publishableKey: z.string().nullable() }),
  /** What the plan limits count now. */
  usage: z.object({ users: z.number(), patients: z.number() }),
});
/** The billing page's data. */
export type BillingResponse = z.infer<typeof billingResponse>;

/** `POST /api/billing/checkout` response: the provider's hosted checkout page to go to. */
export const checkoutResponse = z.object({ success: z.literal(true), url: z.string() });

/** `POST /api/billing/trial`: the plan now on trial and when the trial ends. */
export const trialStartedResponse = z.object({
  success: z.literal(true),
  subscription: z.object({ plan: z.enum(PLAN_IDS), status: z.literal('trialing'), trialEndsAt: z.string() }),
});

/** `POST /api/billing/cancel`: the plan ends with its period (or trial), at `endsAt` when known. */
export const subscriptionCanceledResponse = z.object({
  success: z.literal(true),
  subscription: z.object({ cancelAtPeriodEnd: z.literal(true), endsAt: z.string().nullable() }),
});

/**
 * `POST /api/billing/webhook`, to the payment provider: the event was received, whether it changed
 * anything (a redelivery or an event of no organization does not), and whether an invoice e-mail went out.
 */
export const billingWebhookResponse = z.object({ received: z.literal(true), applied: z.boolean(), mailed: z.boolean().optional() });

/** A subscription status as the screens show it ("past_due" is "Past due"). */
export function subscriptionStatusLabel(status: string): string {
  const labels: Record<string, string> = {
    trialing: 'Trialing',
    active: 'Active',
    past_due: 'Past due',
    canceled: 'Canceled',
    unpaid: 'Unpaid',
    incomplete: 'Incomplete',
    incomplete_expired: 'Expired',
    paused: 'Paused',
  };
  return labels[status] ?? status;
}
