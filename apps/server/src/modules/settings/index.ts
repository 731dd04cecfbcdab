/** The settings module's public API: what other modules may call (see ../README.md). */
export { settingsRoutes } from './settings.routes.js';
export { memberRetentionYears, TWO_FACTOR_AVAILABLE } from './settings.facts.js';
