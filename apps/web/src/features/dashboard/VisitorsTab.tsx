import { SimpleGrid } from '@mantine/core';
import { EmptyState } from '../../ui/EmptyState';
import { QueryState } from '../../ui/QueryState';
import { StatCard } from '../../ui/StatCard';
import { useDashboardVisitorStats } from './api/get-visitor-stats';

/**
 * The Visitors tab: today's visitors of the organization (its local day), who is in the building
 * now, the average finished visit and the badges issued, from `GET /api/visitors/stats`.
 */
export function VisitorsTab({ organizationId }: { organizationId?: string }) {
  const stats = useDashboardVisitorStats(organizationId);
  if (!organizationId) return <EmptyState title="No data yet" />;
  return (
    <QueryState
      query={stats}
      loadingLabel="Loading visitor figures"
      errorMessage={(error) => `Failed to load visitor figures: ${error.message}`}
      isEmpty={(s) => s.totalVisitorsToday === 0 && s.currentlyCheckedIn === 0}
      empty={<EmptyState title="No data yet" description="No visitor has checked in today." />}
    >
      {(s) => (
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <StatCard label="Visitors Today" value={s.totalVisitorsToday} />
          <StatCard label="Currently Checked In" value={s.currentlyCheckedIn} />
          <StatCard
            label="Avg Visit Duration"
            value={s.averageVisitDuration === null ? 'No data yet' : s.averageVisitDuration}
            hint={s.averageVisitDuration === null ? undefined : 'minutes'}
          />
          <StatCard label="Badges Issued Today" value={s.badgeUsage.issuedToday} />
        </SimpleGrid>
      )}
    </QueryState>
  );
}
