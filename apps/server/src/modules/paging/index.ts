/** The paging module's public API: what other modules may call (see ../README.md). */
export { ESCALATION_INTERVAL_MS, escalateDuePages, startEscalation, type EscalationOutcome } from './escalation.js';
export { pagingRoutes } from './paging.routes.js';
