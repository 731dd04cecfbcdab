import { GDPR_ACCESS } from '@clinic/domain/rules/route-access';
import { Stack } from '@mantine/core';
import { AccessHistoryCard } from './components/AccessHistoryCard';
import { ConsentsCard } from './components/ConsentsCard';
import { ExportRecordCard } from './components/ExportRecordCard';
import { RightsRequestsCard } from './components/RightsRequestsCard';
import { useAllowed } from '../../api/session/use-allowed';

/** The patient record's Privacy tab: consents, rights requests, the record's export and (for Admins) the access history. */
export function PrivacyTab({ patientId }: { patientId: string }) {
  const admin = useAllowed(GDPR_ACCESS.administer);
  return (
    <Stack gap="md">
      <ConsentsCard patientId={patientId} />
      <RightsRequestsCard patientId={patientId} />
      <ExportRecordCard patientId={patientId} />
      {admin && <AccessHistoryCard patientId={patientId} />}
    </Stack>
  );
}
