import Stripe from 'stripe';

/** The payment provider's keys (`STRIPE_*`); any missing key leaves that part off. */
export interface BillingConfig {
  secretKey?: string;
  publishableKey?: string;
  webhookSecret?: string;
}

/** The keys of the environment (`config.ts`). */
export function billingConfig(env: { STRIPE_SECRET_KEY?: string; STRIPE_PUBLISHABLE_KEY?: string; STRIPE_WEBHOOK_SECRET?: string }): BillingConfig {
  const value = (v?: string) => (v && v.trim() ? v.trim() : undefined);
  return {
    secretKey: value(env.STRIPE_SECRET_KEY),
    publishableKey: value(env.STRIPE_PUBLISHABLE_KEY),
    webhookSecret: value(env.STRIPE_WEBHOOK_SECRET),
  };
}

/** Card payments need both keys: the secret one on the server, the publishable one in the browser. */
export function paymentsConfigured(config: BillingConfig): boolean {
  return Boolean(config.secretKey && config.publishableKey);
}

const clients = new Map<string, Stripe>();

/** The official Stripe client of the secret key (one per key), or null without one. */
export function stripeClient(config: BillingConfig): Stripe | null {
  if (!config.secretKey) return null;
  let client = clients.get(config.secretKey);
  if (!client) clients.set(config.secretKey, (client = new Stripe(config.secretKey, { maxNetworkRetries: 2, timeout: 20_000 })));
  return client;
}

/** A client for verifying webhook signatures only (no key is needed for that). */
export function webhookVerifier(): Stripe['webhooks'] {
  return (stripeClient({ secretKey: 'sk_verify_only' }) as Stripe).webhooks;
}
