import { Text } from '@mantine/core';
import { usePatientStats } from '../../api/patient-stats';
import type { TenantRef } from '../../api/tenant';
import { QueryState } from '../../ui/QueryState';
import { StatGrid } from '../../ui/StatGrid';

/** The counts shown, by label, in the spec's order. */
const PATIENT_COUNTS = [
  ['Total Patients', 'total'],
  ['Active', 'active'],
  ['Inactive', 'inactive'],
  ['Discharged', 'discharged'],
  ['New This Month', 'newThisMonth'],
] as const;

/** Patient counts of the clinic from the directory. */
export function PatientsTab({ tenant, allowed }: { tenant: TenantRef; allowed: boolean }) {
  const stats = usePatientStats(tenant, { enabled: allowed && Boolean(tenant.organizationId) });
  if (!allowed) return <Text c="dimmed">Your role does not include patient records (permission canManagePatients).</Text>;
  return (
    <QueryState query={stats} loadingLabel="Loading patient counts">
      {(s) => <StatGrid cols={{ base: 2, md: 5 }} stats={PATIENT_COUNTS.map(([label, key]) => ({ label, value: s[key] }))} />}
    </QueryState>
  );
}
