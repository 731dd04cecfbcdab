/** The admin module's public API: what other modules may call (see ../README.md). */
export { adminRoutes } from './admin.routes.js';
