/** The settings module's public API: what other modules may call (see ../README.md). */
export { settingsRoutes } from './settings.routes.js';
export { memberRetentionYears } from './settings.facts.js';
