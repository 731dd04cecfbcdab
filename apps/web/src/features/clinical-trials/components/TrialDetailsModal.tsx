import { Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { FieldGrid } from '../../../ui/FieldGrid';
import { QueryState } from '../../../ui/QueryState';
import { useTrial } from '../api/get-trial';
import { EnrollmentsTable } from './EnrollmentsTable';

const List = ({ label, items }: { label: string; items: string[] }) => (
  <Stack gap={2}>
    <Text fw={600}>{label}</Text>
    {items.length ? (
      <ul style={{ margin: 0, paddingLeft: 20 }}>
        {items.map((i) => (
          <li key={i}>{i}</li>
        ))}
      </ul>
    ) : (
      <Text>—</Text>
    )}
  </Stack>
);

/** A trial's full record with its enrolments (View Details). */
export function TrialDetailsModal({ trialId, onClose }: { trialId: string | null; onClose: () => void }) {
  return (
    <Modal opened={trialId !== null} onClose={onClose} title="Trial Details" size="90%" closeButtonProps={{ 'aria-label': 'Close' }}>
      {trialId && <Details trialId={trialId} />}
    </Modal>
  );
}

function Details({ trialId }: { trialId: string }) {
  const query = useTrial(trialId);
  return (
    <QueryState query={query} errorMessage={(e) => `Error: ${e.message}`}>
      {(t) => (
        <Stack gap="md">
          <Title order={2} fz="h3">
            {t.title}
          </Title>
          <FieldGrid
            cols={{ base: 1, sm: 3 }}
            size="md"
            fields={[
              ['Phase', t.phase],
              ['Status', t.status],
              ['Sponsor', t.sponsor],
              ['Principal Investigator', t.principalInvestigator],
              ['Start Date', t.startDate],
              ['End Date', t.endDate ?? '—'],
              ['Enrollment', `${t.currentEnrollment} / ${t.targetEnrollment} (${t.enrollmentPercent}%)`],
              ['Age Range', `${t.ageRange.min} to ${t.ageRange.max} ${t.ageRange.unit}`],
              ['Protocol', t.protocol ?? '—'],
              ['Regulatory Approval', t.regulatoryApproval ?? '—'],
              ['Open Serious Adverse Events', String(t.openSeriousEvents)],
            ]}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <List label="Indications" items={t.indications} />
            <List label="Interventions" items={t.interventions} />
            <List label="Endpoints" items={t.endpoints} />
            <List label="Inclusion Criteria" items={t.inclusionCriteria} />
            <List label="Exclusion Criteria" items={t.exclusionCriteria} />
          </SimpleGrid>
          <Title order={3} fz="h4">
            Enrollments
          </Title>
          <EnrollmentsTable trialId={t.id} actions={false} />
        </Stack>
      )}
    </QueryState>
  );
}
