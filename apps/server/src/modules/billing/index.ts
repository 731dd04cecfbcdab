/** Billing: the subscription, plan choice through Stripe, the 30-day trial, cancellation and the webhook. */
export { billingRoutes } from './billing.routes.js';
export { billingConfig, type BillingConfig } from './stripe.js';
