import { EVENT_YEARS } from '@clinic/domain';
import type Stripe from 'stripe';
import { z } from 'zod';
import { AppError, zodIssues } from '../../platform/errors.js';
import { parse } from '../../platform/parse.js';

/**
 * The shape of a signed Stripe event, as far as the webhook reads it. A valid signature proves who
 * sent the bytes, not that they have the shape the handler expects: a number where an organization
 * id goes, or a Unix time past what PostgreSQL and `Date` hold, must be refused before anything is
 * applied. Objects stay loose (Stripe adds fields with every API version); only the fields read
 * are checked, and only for the event types that are applied.
 */

/** Unix seconds of the first and last instant of the event years (what a provider's timestamp may be). */
const FIRST_SECOND = Date.UTC(EVENT_YEARS.minYear, 0, 1) / 1000;
const LAST_SECOND = Date.UTC(EVENT_YEARS.maxYear + 1, 0, 1) / 1000 - 1;
/** Amounts are stored in an `integer` column. */
const MAX_AMOUNT = 2_147_483_647;

const unixTime = z.number().int().min(FIRST_SECOND).max(LAST_SECOND).nullish();
const amount = z.number().int().min(-MAX_AMOUNT).max(MAX_AMOUNT).nullish();
const text = z.string().nullish();
/** Stripe's metadata: string values of at most 500 characters. */
const metadata = z.record(z.string(), z.string().max(500)).nullish();
/** A reference to another object: its id, or the object itself when expanded. */
const reference = z.union([z.string(), z.looseObject({ id: z.string() })]).nullish();
const card = z.looseObject({ brand: text, last4: text, exp_month: z.number().int().nullish(), exp_year: z.number().int().nullish() }).nullish();
const list = <T extends z.ZodType>(item: T) => z.looseObject({ data: z.array(item) }).nullish();

/** What every event is routed by: the organization in its metadata, else its customer. */
const routedObject = z.looseObject({
  metadata,
  client_reference_id: text,
  customer: reference,
  lines: list(z.looseObject({ metadata, description: text })),
  parent: z.looseObject({ subscription_details: z.looseObject({ metadata }).nullish() }).nullish(),
});

const subscription = routedObject.extend({
  id: text,
  status: text,
  cancel_at_period_end: z.boolean().nullish(),
  current_period_end: unixTime,
  items: list(z.looseObject({ current_period_end: unixTime })),
});
const invoice = routedObject.extend({
  id: text,
  description: text,
  amount_paid: amount,
  amount_due: amount,
  total: amount,
  created: unixTime,
  currency: text,
  hosted_invoice_url: text,
  number: text,
});

/** The object of each applied event type (others are routed and recorded only). */
const OBJECT_BY_TYPE: Record<string, z.ZodType> = {
  'checkout.session.completed': routedObject.extend({ subscription: reference }),
  'customer.subscription.created': subscription,
  'customer.subscription.updated': subscription,
  'customer.subscription.deleted': subscription,
  'payment_method.attached': routedObject.extend({ card }),
  'payment_method.updated': routedObject.extend({ card }),
  'payment_method.automatically_updated': routedObject.extend({ card }),
  'payment_method.detached': routedObject.extend({ card }),
  'charge.succeeded': routedObject.extend({ payment_method_details: z.looseObject({ card }).nullish() }),
  'invoice.paid': invoice,
  'invoice.payment_succeeded': invoice,
  'invoice.payment_failed': invoice,
};

const envelope = (object: z.ZodType) =>
  z.looseObject({
    id: z.string().min(1).max(255),
    type: z.string().min(1).max(255),
    data: z.looseObject({ object, previous_attributes: z.looseObject({ customer: reference }).nullish() }),
  });

/** The one message of a refused event. */
const MALFORMED = 'The webhook event is malformed.';

/**
 * The verified event, when it has the shape the webhook reads; otherwise a 400
 * (`validation/invalid`, the issues naming the fields) and nothing is applied.
 */
export function checkedStripeEvent(event: Stripe.Event): Stripe.Event {
  // Text that is not well-formed Unicode (a lone surrogate) cannot be stored as jsonb: refused as
  // every request part parsed by a contract is (`platform/parse.ts`).
  try {
    parse(z.unknown(), event);
  } catch (err) {
    if (err instanceof AppError) throw new AppError('validation/invalid', MALFORMED, err.issues);
    throw err;
  }
  const type = typeof (event as { type?: unknown }).type === 'string' ? event.type : '';
  const parsed = envelope(OBJECT_BY_TYPE[type] ?? routedObject).safeParse(event);
  if (!parsed.success) throw new AppError('validation/invalid', MALFORMED, zodIssues(parsed.error));
  return event;
}
