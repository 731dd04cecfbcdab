/** The gdpr module's public API (see ../README.md). */
export { gdprRoutes } from './gdpr.routes.js';
export { moveGdprRecords } from './gdpr-merge.js';
