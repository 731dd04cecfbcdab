import fc from 'fast-check';
import { webhookVerifier } from '../modules/billing/stripe.js';
import { hostileFor } from './fuzz-arbitrary.js';
import { HOSTILE_NUMBERS } from './fuzz-hostile.js';

/**
 * The payment provider's webhook has no body contract of its own (its body is read as the signed
 * bytes): the fuzz tier draws Stripe-like events instead, naming the test organization or a
 * hostile value, and signs most of them with the test app's webhook secret so that they get past
 * the signature to the event's parsing and application.
 */

/** The webhook secret the fuzz tier's app is built with. */
export const FUZZ_WEBHOOK_SECRET = 'whsec_fuzz_tier_secret';

/** The webhook routes (a `POST` whose body is signed rather than described by a contract). */
export const isWebhook = (url: string) => url === '/api/billing/webhook';

const EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'payment_method.attached',
  'payment_method.detached',
  'charge.succeeded',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.created',
];

const orHostile = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: hostileFor({ type: 'string' }) });
const time = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1_700_000_000, max: 1_900_000_000 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS, 253_402_300_800, -62_135_596_800) },
);
const money = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 1_000_000 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
);

/** Stripe-like event bodies about `organizationId` (or, at times, about a hostile value). */
export function stripeEvents(organizationId: string): fc.Arbitrary<unknown> {
  const object = fc.record(
    {
      id: orHostile(fc.stringMatching(/^(sub|in|pm|cs)_[A-Za-z0-9]{8}$/)),
      metadata: fc.oneof(
        { weight: 4, arbitrary: fc.record({ organizationId: orHostile(fc.constant(organizationId)) }) },
        { weight: 1, arbitrary: hostileFor({}) },
      ),
      client_reference_id: orHostile(fc.constant(organizationId)),
      customer: orHostile(fc.constant('cus_fuzz0001')),
      subscription: orHostile(fc.constant('sub_fuzz0001')),
      status: orHostile(fc.constantFrom('active', 'trialing', 'canceled', 'past_due', 'unpaid')),
      cancel_at_period_end: fc.oneof(fc.boolean(), hostileFor({ type: 'boolean' })),
      current_period_end: time,
      created: time,
      amount_paid: money,
      amount_due: money,
      total: money,
      currency: orHostile(fc.constant('usd')),
      card: fc.oneof(
        fc.record({ brand: orHostile(fc.constant('visa')), last4: orHostile(fc.constant('4242')), exp_month: money, exp_year: money }),
        hostileFor({}),
      ),
      lines: fc.oneof(
        fc.record({
          data: fc.array(fc.record({ metadata: fc.record({ organizationId: orHostile(fc.constant(organizationId)) }) }), { maxLength: 2 }),
        }),
        hostileFor({}),
      ),
    },
    { requiredKeys: ['metadata'] },
  );
  return fc.record({
    id: orHostile(fc.stringMatching(/^evt_[A-Za-z0-9]{12}$/)),
    object: fc.constant('event'),
    type: orHostile(fc.constantFrom(...EVENT_TYPES)),
    created: time,
    data: fc.oneof({ weight: 6, arbitrary: fc.record({ object }) }, { weight: 1, arbitrary: hostileFor({}) }),
  });
}

/** The `Stripe-Signature` header of `payload` under the fuzz tier's secret (Stripe's own test helper). */
export function stripeSignature(payload: string): string {
  return webhookVerifier().generateTestHeaderString({ payload, secret: FUZZ_WEBHOOK_SECRET });
}
