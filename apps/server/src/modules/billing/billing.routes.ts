import {
  BILLING_ACCESS,
  billingResponse,
  billingWebhookResponse,
  checkoutResponse,
  choosePlanBody,
  subscriptionCanceledResponse,
  trialStartedResponse,
} from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { AppError } from '../../platform/errors.js';
import { appOrigin, type LinkConfig } from '../../platform/links.js';
import { RateLimiter } from '../../platform/rate-limit.js';
import { defineRoute } from '../../platform/route/index.js';
import { sendIfConfigured, type Mailer } from '../../platform/mail.js';
import {
  applyEvent,
  billingOverview,
  cancelSubscription,
  createCheckout,
  invoiceMail,
  organizationOfEvent,
  startTrial,
} from './billing.service.js';
import { checkedStripeEvent } from './stripe-event.js';
import { webhookVerifier, type BillingConfig } from './stripe.js';

/** Billing belongs to the organization, not to the clinic the caller has open. */
const scope = 'organization';
/** Deliveries one address may make a minute (the provider retries what was refused). */
const WEBHOOK_LIMIT_PER_MINUTE = 300;

/** The subscription, plan choice, cancellation and the payment provider's webhook. */
export async function billingRoutes(app: FastifyInstance, opts: { billing: BillingConfig; links: LinkConfig; mailer: Mailer }) {
  const config = opts.billing;

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/billing/subscription',
      summary: 'The subscription, invoices and payment method',
      access: BILLING_ACCESS.view,
      scope,
      reply: billingResponse,
    },
    async (ctx) => billingOverview(ctx, config),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/billing/trial',
      summary: 'Start the 30-day trial of a plan without a card (or switch the trial plan)',
      access: BILLING_ACCESS.manage,
      scope,
      body: choosePlanBody,
      reply: trialStartedResponse,
    },
    async (ctx, { body }) => ({ success: true, subscription: await startTrial(ctx, body.plan) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/billing/checkout',
      summary: 'Start paying for a plan: the provider checkout page (503 without Stripe keys, nothing changed)',
      access: BILLING_ACCESS.manage,
      scope,
      body: choosePlanBody,
      reply: checkoutResponse,
    },
    async (ctx, { body }, request) => ({ success: true, url: await createCheckout(ctx, config, body.plan, appOrigin(opts.links, request)) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/billing/cancel',
      summary: 'Cancel at the end of the period',
      access: BILLING_ACCESS.manage,
      scope,
      reply: subscriptionCanceledResponse,
    },
    async (ctx) => ({ success: true, subscription: await cancelSubscription(ctx, config) }),
  );

  const limiter = new RateLimiter(WEBHOOK_LIMIT_PER_MINUTE, 60_000);
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/billing/webhook',
      summary: 'Stripe events (signature verified, each event applied once)',
      caller: 'webhook',
      rateLimit: { limiter, scope: 'billing-webhook' },
      reply: billingWebhookResponse,
    },
    async (ctx, { body: raw }, request) => {
      if (!config.webhookSecret) throw new AppError('billing/not-configured', 'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET).');
      const signature = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        if (typeof signature !== 'string' || !raw) throw new Error('missing');
        event = webhookVerifier().constructEvent(raw, signature, config.webhookSecret);
      } catch {
        throw new AppError('billing/bad-signature', 'The webhook signature is not valid.');
      }
      event = checkedStripeEvent(event);
      const organizationId = await organizationOfEvent(ctx.db, event);
      if (!organizationId) return { received: true, applied: false };
      const { outcome, mail } = await ctx.inOrganization(organizationId, async (tenantCtx) => {
        const applied = await applyEvent(tenantCtx, event);
        return { outcome: applied, mail: applied === 'applied' ? invoiceMail(tenantCtx.tenant.organization, event) : null };
      });
      // After the commit: a redelivered event mails nothing again.
      const mailed = mail ? await sendIfConfigured(opts.mailer, mail, request.log) : false;
      return { received: true, applied: outcome === 'applied', mailed };
    },
  );
}
