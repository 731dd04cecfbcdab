/** Billing and plan selection, loaded with its route only. */
export { BillingPage } from './BillingPage';
