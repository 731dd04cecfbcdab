import { SimpleGrid, Text } from '@mantine/core';
import { usePatientStats } from '../../api/patient-stats';
import type { TenantRef } from '../../api/tenant';
import { QueryState } from '../../ui/QueryState';
import { StatCard } from '../../ui/StatCard';

/** Patient counts of the clinic from the directory. */
export function PatientsTab({ tenant, allowed }: { tenant: TenantRef; allowed: boolean }) {
  const stats = usePatientStats(tenant, { enabled: allowed && Boolean(tenant.organizationId) });
  if (!allowed) return <Text c="dimmed">Your role does not include patient records (permission canManagePatients).</Text>;
  return (
    <QueryState query={stats} loadingLabel="Loading patient counts">
      {(s) => (
        <SimpleGrid cols={{ base: 2, md: 5 }}>
          <StatCard label="Total Patients" value={s.total} />
          <StatCard label="Active" value={s.active} />
          <StatCard label="Inactive" value={s.inactive} />
          <StatCard label="Discharged" value={s.discharged} />
          <StatCard label="New This Month" value={s.newThisMonth} />
        </SimpleGrid>
      )}
    </QueryState>
  );
}
