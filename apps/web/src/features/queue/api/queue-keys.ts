/**
 * Query keys of the queue feature. Everything lives under `['queue']`, so a live event invalidates
 * the whole feature at once.
 */

/** Organization and clinic a queue screen reads; undefined fields fall back to the stored choice. */
export interface QueueTenant {
  organizationId?: string;
  clinicId?: string;
}

export const queueKeys = {
  all: ['queue'] as const,
  waitingRoom: (t: QueueTenant) => ['queue', 'waiting-room', t.organizationId ?? '', t.clinicId ?? ''] as const,
  publicBoard: (t: Required<QueueTenant>) => ['queue', 'public', t.organizationId, t.clinicId] as const,
  history: (entryId: string) => ['queue', 'history', entryId] as const,
};

/** Milliseconds between background refreshes when auto-refresh is on (clinical-workflows section 9). */
export const QUEUE_REFRESH_MS = 30_000;

/**
 * Request options naming the tenant: an organization named by the URL travels alone (with its clinic
 * if named; the server picks its main clinic otherwise), never mixed with the stored clinic of
 * another organization; with none named, the stored selection applies.
 */
export function tenantRequest(tenant: QueueTenant): { query: Record<string, string | undefined>; noTenant: boolean } {
  return { query: { organizationId: tenant.organizationId, clinicId: tenant.clinicId }, noTenant: Boolean(tenant.organizationId) };
}
