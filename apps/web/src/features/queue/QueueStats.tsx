import type { QueueStatsDto } from '@clinic/domain/contracts/queue';
import { computeQueueStats } from '@clinic/domain/rules/queue-status';
import { SimpleGrid } from '@mantine/core';
import { memo } from 'react';
import { StatCard } from '../../ui/StatCard';

/** Stats shown while nothing is loaded or loading failed: those of an empty queue. */
export const ZERO_QUEUE_STATS: QueueStatsDto = computeQueueStats([]);

/** The four stats cards of the Queue Manager (memoized: the cached stats keep their identity until they change). */
export const QueueStats = memo(function QueueStats({ stats, loading }: { stats: QueueStatsDto; loading?: boolean }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }}>
      <StatCard label="Total Waiting" value={stats.totalWaiting} loading={loading} />
      <StatCard label="High Risk Patients" value={stats.highRiskPatients} loading={loading} color={stats.highRiskPatients ? 'red.8' : undefined} />
      <StatCard label="Avg Wait Time (minutes)" value={stats.averageWaitTime} loading={loading} />
      <StatCard label="CDS Alerts" value={stats.cdsAlerts} loading={loading} color={stats.cdsAlerts ? 'orange.9' : undefined} />
    </SimpleGrid>
  );
});
