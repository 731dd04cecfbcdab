import type { TrialDto } from '@clinic/domain/contracts/clinical-trials';
import { Button } from '@mantine/core';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable';
import { EmptyState } from '../../../ui/EmptyState';
import { RowActions } from '../../../ui/RowActions';
import { TrialButtons } from './TrialButtons';

function trialColumns(onDetails: (id: string) => void, onEdit: (t: TrialDto) => void): DataTableColumn<TrialDto>[] {
  return [
    { key: 'title', header: 'Title', cell: (t) => t.title },
    { key: 'phase', header: 'Phase', cell: (t) => t.phase },
    { key: 'status', header: 'Status', cell: (t) => t.status },
    { key: 'pi', header: 'Principal Investigator', cell: (t) => t.principalInvestigator },
    { key: 'enrollment', header: 'Enrollment', cell: (t) => `${t.currentEnrollment} / ${t.targetEnrollment} (${t.enrollmentPercent}%)` },
    {
      key: 'actions',
      header: 'Actions',
      cell: (t) => (
        <RowActions>
          <TrialButtons trial={t} onDetails={onDetails} />
          <Button size="xs" variant="default" onClick={() => onEdit(t)} aria-label={`Edit ${t.title}`}>
            Edit
          </Button>
        </RowActions>
      ),
    },
  ];
}

/** The Active Trials tab: every trial as a table row, with Edit. */
export function TrialTable({ trials, onDetails, onEdit }: { trials: TrialDto[]; onDetails: (id: string) => void; onEdit: (t: TrialDto) => void }) {
  if (!trials.length) return <EmptyState title="No clinical trials yet" />;
  return <DataTable label="Trials" columns={trialColumns(onDetails, onEdit)} rows={trials} rowKey={(t) => t.id} minWidth={800} striped />;
}
