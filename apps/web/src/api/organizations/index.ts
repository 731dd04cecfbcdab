/** The signed-in user's organizations. */
export { getAvailableOrganizationsQueryOptions, organizationKeys, useAvailableOrganizations } from './get-available-organizations';
export { useSwitchOrganization } from './switch-organization';
