import { publicBoardResponse, type PublicBoardEntryDto, type QueueStatsDto } from '@clinic/domain/contracts/queue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { QUEUE_REFRESH_MS, waitingRoomKeys } from '../../../api/waiting-room';

/** The de-identified board: queue number, initials, urgency, wait and status only. */
export interface PublicBoard {
  patients: PublicBoardEntryDto[];
  stats: QueueStatsDto;
}

/** The organization and clinic a public board shows, both from its URL. */
export interface BoardTenant {
  organizationId: string;
  clinicId: string;
}

/** `GET /api/triage/cds-queue/public` for the organization and clinic of the URL. */
export function getPublicBoardQueryOptions(tenant: BoardTenant, autoRefresh: boolean) {
  return queryOptions({
    queryKey: waitingRoomKeys.publicBoard(tenant),
    queryFn: ({ signal }) =>
      api('/api/triage/cds-queue/public', { query: { ...tenant }, noTenant: true, signal, reply: publicBoardResponse }).then(
        ({ patients, stats }): PublicBoard => ({ patients, stats }),
      ),
    refetchInterval: autoRefresh ? QUEUE_REFRESH_MS : false,
  });
}

/** The public board, refreshed every 30 s while auto-refresh is on. */
export function usePublicBoard(tenant: BoardTenant, autoRefresh: boolean) {
  return useQuery(getPublicBoardQueryOptions(tenant, autoRefresh));
}
