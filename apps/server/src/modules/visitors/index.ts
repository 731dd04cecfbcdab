/** The visitors module's public API: what other modules may call (see ../README.md). */
export { visitorNames } from './visitor-names.js';
export { visitorRoutes } from './visitors.routes.js';
export { moveVisitorRecords } from './visitors-merge.js';
