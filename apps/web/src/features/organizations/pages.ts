/** The organization screens, loaded with their route only. */
export { OrganizationPage } from './OrganizationPage';
