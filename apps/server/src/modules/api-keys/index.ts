/** The API keys module's public API (see ../README.md). */
export { apiKeyRoutes } from './api-keys.routes.js';
