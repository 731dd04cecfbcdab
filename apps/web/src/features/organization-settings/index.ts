/** The organization settings screen (`/organization/settings`, Admin or above). */
export { OrganizationSettingsPage } from './OrganizationSettingsPage';
