import { waitingRoomResponse, type QueueEntryDto, type QueueStatsDto } from '@clinic/domain/contracts/queue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { tenantRequest, type TenantRef } from '../tenant';
import { QUEUE_REFRESH_MS, waitingRoomKeys } from './keys';

/** The staff queue: open entries (waiting and in progress) by clinical priority, and the stats. */
export interface WaitingRoom {
  patients: QueueEntryDto[];
  stats: QueueStatsDto;
}

/** How a screen reads the queue: polled every 30 s unless auto-refresh is off; `enabled` false leaves it unread. */
export interface WaitingRoomOptions {
  autoRefresh?: boolean;
  enabled?: boolean;
}

/** `GET /api/triage/waiting-room` for the tenant (the stored choice where the caller names none). */
export function getWaitingRoomQueryOptions(tenant: TenantRef, { autoRefresh = true, enabled = true }: WaitingRoomOptions = {}) {
  return queryOptions({
    queryKey: waitingRoomKeys.staff(tenant),
    queryFn: ({ signal }) =>
      api('/api/triage/waiting-room', { ...tenantRequest(tenant), signal, reply: waitingRoomResponse }).then(
        ({ patients, stats }): WaitingRoom => ({ patients, stats }),
      ),
    refetchInterval: autoRefresh ? QUEUE_REFRESH_MS : false,
    enabled,
  });
}

/** The staff queue of a clinic, as the Queue Manager and the dashboard show it. */
export function useWaitingRoom(tenant: TenantRef, options?: WaitingRoomOptions) {
  return useQuery(getWaitingRoomQueryOptions(tenant, options));
}
