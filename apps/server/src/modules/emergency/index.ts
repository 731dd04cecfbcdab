/** The emergency module's public API: what other modules may call (see ../README.md). */
export { emergencyAlertExists } from './alert-exists.js';
export { openAlertCount } from './alert-counts.js';
// Where entries are scored and checked in (the queue, the kiosk, the intake: app.ts hands them over), paging CRITICAL alerts.
export { emergencyAlerting, type EmergencyAlerting } from './emergency-scoring.js';
export { entryWeightsQuery } from './entry-weights.js';
export { type EmergencyContext } from './emergency-scope.js';
export { emergencyRoutes } from './emergency.routes.js';
// The clinics tab of the organization screen reads and saves a clinic's emergency settings here (app.ts hands them over).
export { facility as readFacility, updateFacility as saveFacility } from './board.service.js';
export { moveEmergencyRecords } from './emergency-merge.js';
