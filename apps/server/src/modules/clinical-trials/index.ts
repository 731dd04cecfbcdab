/** The clinical trials module's public API: what other modules may call (see ../README.md). */
export { clinicalTrialRoutes } from './clinical-trials.routes.js';
export { moveTrialRecords } from './trials-merge.js';
