import type { TrialDto } from '@clinic/domain/contracts/clinical-trials';
import { Button, Group, Table } from '@mantine/core';
import { EmptyState } from '../../../ui/EmptyState';
import { TrialButtons } from './TrialButtons';

/** The Active Trials tab: every trial as a table row, with Edit. */
export function TrialTable({ trials, onDetails, onEdit }: { trials: TrialDto[]; onDetails: (id: string) => void; onEdit: (t: TrialDto) => void }) {
  if (!trials.length) return <EmptyState title="No clinical trials yet" />;
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped aria-label="Trials">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Title</Table.Th>
            <Table.Th>Phase</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Principal Investigator</Table.Th>
            <Table.Th>Enrollment</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {trials.map((t) => (
            <Table.Tr key={t.id}>
              <Table.Td>{t.title}</Table.Td>
              <Table.Td>{t.phase}</Table.Td>
              <Table.Td>{t.status}</Table.Td>
              <Table.Td>{t.principalInvestigator}</Table.Td>
              <Table.Td>
                {t.currentEnrollment} / {t.targetEnrollment} ({t.enrollmentPercent}%)
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <TrialButtons trial={t} onDetails={onDetails} />
                  <Button size="xs" variant="default" onClick={() => onEdit(t)} aria-label={`Edit ${t.title}`}>
                    Edit
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
