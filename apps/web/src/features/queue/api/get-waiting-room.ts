import type { QueueEntryDto, QueueStatsDto } from '@clinic/domain/contracts/triage';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { QUEUE_REFRESH_MS, queueKeys, tenantRequest, type QueueTenant } from './queue-keys';

/** The staff queue: open entries (waiting and in progress) by clinical priority, and the stats. */
export interface WaitingRoom {
  patients: QueueEntryDto[];
  stats: QueueStatsDto;
}

/** `GET /api/triage/waiting-room` for the tenant (the stored choice where the URL names none). */
export function getWaitingRoomQueryOptions(tenant: QueueTenant, autoRefresh: boolean) {
  return queryOptions({
    queryKey: queueKeys.waitingRoom(tenant),
    queryFn: ({ signal }) =>
      api<WaitingRoom & { success: true }>('/api/triage/waiting-room', { ...tenantRequest(tenant), signal }).then(
        ({ patients, stats }): WaitingRoom => ({ patients, stats }),
      ),
    refetchInterval: autoRefresh ? QUEUE_REFRESH_MS : false,
  });
}

/** The staff queue, refreshed every 30 s while auto-refresh is on. */
export function useWaitingRoom(tenant: QueueTenant, autoRefresh: boolean) {
  return useQuery(getWaitingRoomQueryOptions(tenant, autoRefresh));
}
