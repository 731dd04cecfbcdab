/** The organization settings module: its routes. */
export { organizationSettingsRoutes } from './organization-settings.routes.js';
