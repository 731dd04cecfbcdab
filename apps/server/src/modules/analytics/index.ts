/** The analytics module's public API (see ../README.md). */
export { analyticsRoutes } from './analytics.routes.js';
