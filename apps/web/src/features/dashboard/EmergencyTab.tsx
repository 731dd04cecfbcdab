import { SimpleGrid, Text } from '@mantine/core';
import { useEmergencyDashboard } from '../../api/emergency-room';
import type { TenantRef } from '../../api/tenant';
import { QueryState } from '../../ui/QueryState';
import { StatCard } from '../../ui/StatCard';

/**
 * The dashboard's Emergency Room tab: the live counts of the emergency room (active alerts,
 * critical alerts, high-risk patients, beds in use), from the same cached board as `/emergency-room`,
 * so its events refresh them at once.
 */
export function EmergencyTab({ tenant, allowed }: { tenant: TenantRef; allowed: boolean }) {
  const board = useEmergencyDashboard(tenant, { enabled: allowed && Boolean(tenant.organizationId) });
  if (!allowed) return <Text c="dimmed">Your role does not include the emergency room (permission canAccessEmergencyRoom).</Text>;
  return (
    <QueryState query={board} loadingLabel="Loading the emergency room" errorMessage={() => 'Failed to fetch emergency room data'}>
      {(data) => {
        const inCare = data.highRiskPatients.length;
        const beds = data.facility.bedCount;
        return (
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            <StatCard label="Active Alerts" value={data.alerts.filter((a) => a.status === 'ACTIVE').length} color="red.9" />
            <StatCard label="Critical Alerts" value={data.alerts.filter((a) => a.severity === 'CRITICAL' && a.status !== 'RESOLVED').length} />
            <StatCard label="High-Risk Patients" value={inCare} />
            <StatCard
              label="Bed Occupancy"
              value={data.metrics.bedOccupancy === null ? 'No data' : `${data.metrics.bedOccupancy}%`}
              hint={beds === null ? 'bed count not set' : `of ${beds} beds`}
            />
          </SimpleGrid>
        );
      }}
    </QueryState>
  );
}
