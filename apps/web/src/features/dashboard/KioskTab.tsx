import { formatCheckInDuration } from '@clinic/domain/rules/kiosk-figures';
import { SimpleGrid, Text } from '@mantine/core';
import type { TenantRef } from '../../api/tenant';
import { EmptyState } from '../../ui/EmptyState';
import { QueryState } from '../../ui/QueryState';
import { StatCard } from '../../ui/StatCard';
import { TimeText } from '../../ui/TimeText';
import { useKioskStats } from './api/get-kiosk-stats';

/**
 * The Kiosk tab: today's kiosk check-ins at the clinic (its local day) and how long a check-in
 * takes on average, from Start Check-in to the submitted form, as the kiosk measured it.
 */
export function KioskTab({ tenant }: { tenant: TenantRef }) {
  const stats = useKioskStats(tenant);
  if (!tenant.organizationId) return <EmptyState title="No data yet" />;
  return (
    <QueryState
      query={stats}
      loadingLabel="Loading kiosk figures"
      errorMessage={(error) => `Failed to load kiosk figures: ${error.message}`}
      isEmpty={(s) => s.checkInsToday === 0}
      empty={<EmptyState title="No data yet" description="No patient has checked in at the kiosk today." />}
    >
      {(s) => (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <StatCard label="Kiosk Check-ins Today" value={s.checkInsToday} />
            <StatCard
              label="Avg Check-in Time"
              value={s.averageCheckInSeconds === null ? 'No data yet' : formatCheckInDuration(s.averageCheckInSeconds)}
              hint={
                s.averageCheckInSeconds === null ? undefined : `over ${s.measuredCheckIns} measured check-in${s.measuredCheckIns === 1 ? '' : 's'}`
              }
            />
            <StatCard label="Last Check-in" value={<TimeText value={s.lastCheckInAt} fallback="No data yet" />} />
          </SimpleGrid>
          <Text size="sm" c="gray.7" mt="xs">
            Clinic day {s.day}.
          </Text>
        </>
      )}
    </QueryState>
  );
}
