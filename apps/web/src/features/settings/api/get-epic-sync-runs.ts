import type { EhrSyncRun } from '@clinic/domain/contracts/integrations';
import { epicSyncRunsResponse } from '@clinic/domain/contracts/settings-replies';
import { isOpenSyncRun } from '@clinic/domain/rules/ehr-sync';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { settingsKeys } from './keys';

/** Runs the history shows. */
export const SYNC_RUNS_SHOWN = 10;
/** How often an open run's progress is read while it is queued or running. */
const PROGRESS_POLL_MS = 1_000;

/** `GET /api/settings/integrations/epic/sync-runs`: the newest Sync Patients runs (Admins). */
export function getEpicSyncRunsQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.epicSyncRuns(),
    queryFn: ({ signal }) =>
      api('/api/settings/integrations/epic/sync-runs', { signal, query: { limit: SYNC_RUNS_SHOWN }, reply: epicSyncRunsResponse }).then(
        (r) => r.runs,
      ),
  });
}

/** The newest run, if it is still queued or running. */
export const openRunOf = (runs: EhrSyncRun[] | undefined): EhrSyncRun | undefined =>
  runs?.[0] && isOpenSyncRun(runs[0].status) ? runs[0] : undefined;

/** The Sync Patients runs, newest first, polled every second while the newest is still open. */
export function useEpicSyncRuns(enabled: boolean) {
  return useQuery({
    ...getEpicSyncRunsQueryOptions(),
    enabled,
    refetchInterval: (query) => (openRunOf(query.state.data) ? PROGRESS_POLL_MS : false),
  });
}
