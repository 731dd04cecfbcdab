/** Organizations: the header switcher (administration screens come later). */
export { OrganizationSwitcher } from './OrganizationSwitcher';
