import type { PatientAccessLogDto } from '@clinic/domain/contracts/gdpr';
import { Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable';
import { EmptyState } from '../../../ui/EmptyState';
import { QueryState } from '../../../ui/QueryState';
import { ACCESS_HISTORY_SHOWN, useAccessHistory } from '../api/get-access-history';
import { TimeText } from '../../../ui/TimeText';
import { GdprCard } from './GdprCard';

const columns: DataTableColumn<PatientAccessLogDto>[] = [
  { key: 'at', header: 'When', cell: (e) => <TimeText value={e.at} date="numeric" /> },
  { key: 'actor', header: 'Who', cell: (e) => e.actor ?? 'System' },
  {
    key: 'action',
    header: 'Action',
    cell: (e) => (
      <Text size="sm" ff="monospace">
        {e.action}
      </Text>
    ),
  },
  { key: 'ip', header: 'Address', cell: (e) => e.ip ?? '' },
];

/** Who read or changed the patient's record, and when (the accounting of disclosures): Admins only. */
export function AccessHistoryCard({ patientId }: { patientId: string }) {
  const history = useAccessHistory(patientId);
  return (
    <GdprCard title="Access History">
      <QueryState
        query={history}
        loadingLabel="Loading access history"
        isEmpty={(d) => d.events.length === 0}
        empty={<EmptyState compact title="No access recorded." />}
      >
        {({ events, total }) => (
          <>
            <DataTable label="Access history" columns={columns} rows={events} rowKey={(e) => e.id} minWidth={560} striped />
            {total > ACCESS_HISTORY_SHOWN && (
              <Text size="sm" c="dimmed" mt="xs">
                Showing the latest {ACCESS_HISTORY_SHOWN} of {total} entries.
              </Text>
            )}
          </>
        )}
      </QueryState>
    </GdprCard>
  );
}
