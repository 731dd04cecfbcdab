/** The paging module's public API: what other modules may call (see ../README.md). */
export { ESCALATION_INTERVAL_MS, escalateDuePages, startEscalation, type EscalationOutcome } from './escalation.js';
export { pagingRoutes, type PagingRouteOptions } from './paging.routes.js';
export {
  DELIVERY_INTERVAL_MS,
  deliverDuePagingDeliveries,
  startPagingDeliveries,
  type DeliveryOutcome,
  type DeliverySenders,
} from './deliveries.js';
export type { PageNotices } from './page-mail.js';
export { SIGNING_SECRET_SETTING, newSealedSigningSecret, signingSecretOf } from './webhook-secret.js';
// Handed by app.ts to the modules that raise CRITICAL alerts (which paging may import, so they never import it).
export { automaticPager } from './automatic.js';
export { pagesSince } from './counts.js';
