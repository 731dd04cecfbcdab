import { tenantKey } from '../../../api/tenant';

/**
 * Query keys of the organization screens, each starting with its resource and the tenant: the
 * organization, its members (with their counts), invitations, clinics, activity and API keys.
 */
export const organizationKeys = {
  organization: () => ['organization', tenantKey()] as const,
  members: () => ['members', tenantKey()] as const,
  invitations: () => ['invitations', tenantKey()] as const,
  clinics: (organizationId: string) => ['clinics', tenantKey(), organizationId] as const,
  activity: (page: number) => ['activity', tenantKey(), 'organization', page] as const,
  apiKeys: () => ['api-keys', tenantKey()] as const,
};
