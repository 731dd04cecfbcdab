import { StatGrid } from '../../../ui/StatGrid';
import { usePagingStats } from '../api/queries';
import { durationLabel } from '../lib/page-display';
import { Banner } from '../../../ui/Banner';

/** The clinic's paging day: sent, open now, acknowledged, the median time to acknowledge, escalated, and sent by priority. */
export function PagingStats() {
  const stats = usePagingStats();
  const s = stats.data;
  const loading = stats.isPending;
  const value = (n: number | undefined) => n ?? '—';
  return (
    <>
      {stats.isError && <Banner>{stats.error.message}</Banner>}
      <StatGrid
        cols={{ base: 2, sm: 3, lg: 6 }}
        stats={[
          { label: 'Sent Today', value: value(s?.sentToday), loading },
          { label: 'Open Now', value: value(s?.openNow), loading, color: s?.openNow ? 'orange.9' : undefined },
          { label: 'Acknowledged Today', value: value(s?.acknowledgedToday), loading },
          {
            label: 'Median Time to Acknowledge',
            value: s?.medianAcknowledgeSeconds == null ? 'No data' : durationLabel(s.medianAcknowledgeSeconds),
            loading,
          },
          { label: 'Escalated Today', value: value(s?.escalatedToday), loading, color: s?.escalatedToday ? 'red.9' : undefined },
          {
            label: 'By Priority',
            value: s ? `${s.byPriority.emergency} / ${s.byPriority.urgent} / ${s.byPriority.routine}` : '—',
            hint: 'Emergency / urgent / routine, today',
            loading,
          },
        ]}
      />
    </>
  );
}
