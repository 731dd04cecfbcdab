import { tenantStorage } from './client';

/** The organization and clinic a call reads; a field left out falls back to the stored choice. */
export interface TenantRef {
  organizationId?: string | null;
  clinicId?: string | null;
}

/** The tenant as it stands in a query key: both ids, empty when unknown. */
export interface TenantKey {
  organizationId: string;
  clinicId: string;
}

/**
 * The second element of every shared query key. An organization named by the caller stands alone
 * (with its clinic if named); with none named, the stored choice applies, exactly as the request
 * will send it. So the dashboard (naming the session's tenant) and the Queue Manager (naming none)
 * share one cache entry for the same clinic.
 */
export function tenantKey(tenant: TenantRef = {}): TenantKey {
  const chosen = tenant.organizationId ? tenant : tenantStorage.get();
  return { organizationId: chosen.organizationId ?? '', clinicId: chosen.clinicId ?? '' };
}

/**
 * The tenant of organization-wide data (visitors, clinical trials) in a query key: the organization
 * with no clinic, so the live refresh hears the events of every clinic of the organization.
 */
export function organizationKey(tenant: TenantRef = {}): TenantKey {
  return { ...tenantKey(tenant), clinicId: '' };
}

/** The scope of data that belongs to the signed-in user rather than to one tenant (the session, their organizations). */
export const USER_SCOPE = 'user';

/**
 * Request options naming the tenant: an organization named by the caller travels alone (with its
 * clinic if named; the server picks its main clinic otherwise), never mixed with the stored clinic
 * of another organization; with none named, the stored selection applies.
 */
export function tenantRequest(tenant: TenantRef): { query: Record<string, string | undefined>; noTenant: boolean } {
  return {
    query: { organizationId: tenant.organizationId ?? undefined, clinicId: tenant.clinicId ?? undefined },
    noTenant: Boolean(tenant.organizationId),
  };
}
