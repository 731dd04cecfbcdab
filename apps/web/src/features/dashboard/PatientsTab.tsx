import { Loader, SimpleGrid, Text } from '@mantine/core';
import { ErrorState } from '../../ui/StateScreens';
import { StatCard } from '../../ui/StatCard';
import { useDashboardPatientStats } from './api/get-patient-stats';

/** Patient counts of the clinic from the directory. */
export function PatientsTab({ tenant, allowed }: { tenant: { organizationId?: string; clinicId?: string }; allowed: boolean }) {
  const stats = useDashboardPatientStats(tenant, allowed);
  if (!allowed) return <Text c="dimmed">Your role does not include patient records (permission canManagePatients).</Text>;
  if (stats.isPending) return <Loader aria-label="Loading patient counts" />;
  if (stats.isError) return <ErrorState message={stats.error.message} onRetry={() => stats.refetch()} />;
  const s = stats.data;
  return (
    <SimpleGrid cols={{ base: 2, md: 5 }}>
      <StatCard label="Total Patients" value={s.total} />
      <StatCard label="Active" value={s.active} />
      <StatCard label="Inactive" value={s.inactive} />
      <StatCard label="Discharged" value={s.discharged} />
      <StatCard label="New This Month" value={s.newThisMonth} />
    </SimpleGrid>
  );
}
