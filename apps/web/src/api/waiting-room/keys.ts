import { tenantKey, type TenantRef } from '../tenant';

/**
 * Query keys of the waiting room: `['waiting-room', tenant, view, ...]`. Every view of a clinic's
 * queue (the staff list, the public board, an entry's history, the dashboard's columns) lives
 * under one prefix, so a queue event reaches all of them.
 */
export const waitingRoomKeys = {
  all: ['waiting-room'] as const,
  tenant: (t: TenantRef) => ['waiting-room', tenantKey(t)] as const,
  staff: (t: TenantRef) => ['waiting-room', tenantKey(t), 'staff'] as const,
  publicBoard: (t: TenantRef) => ['waiting-room', tenantKey(t), 'public'] as const,
  history: (t: TenantRef, entryId: string) => ['waiting-room', tenantKey(t), 'history', entryId] as const,
};

/** Milliseconds between background refreshes when auto-refresh is on (clinical-workflows section 9). */
export const QUEUE_REFRESH_MS = 30_000;
