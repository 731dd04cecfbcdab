import type { PagingDeliveryDto } from '@clinic/domain/contracts/paging-deliveries';
import { Fieldset, Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable';
import { QueryState } from '../../../ui/QueryState';
import { STATUS_TONES, StatusChip } from '../../../ui/StatusChip';
import { TimeText } from '../../../ui/TimeText';
import { usePagingDeliveries } from '../api/get-paging-deliveries';

/** How many of the latest deliveries the table shows. */
const LATEST = 10;

const TONES = { delivered: STATUS_TONES.completed, failed: STATUS_TONES.error, pending: STATUS_TONES.scheduled } as const;

const COLUMNS: DataTableColumn<PagingDeliveryDto>[] = [
  { key: 'time', header: 'Time', cell: (d) => <TimeText value={d.createdAt} date="medium" seconds={false} /> },
  { key: 'event', header: 'Event', cell: (d) => d.event },
  {
    key: 'status',
    header: 'Status',
    cell: (d) => (
      <StatusChip status={d.status} tone={TONES[d.status]}>
        {d.status}
      </StatusChip>
    ),
  },
  { key: 'attempts', header: 'Attempts', cell: (d) => d.attempts },
  { key: 'response', header: 'Response', cell: (d) => d.responseStatus ?? '—' },
  { key: 'error', header: 'Last Error', cell: (d) => d.lastError ?? '—', cellProps: { style: { wordBreak: 'break-word' } } },
];

/** The latest deliveries of the paging webhook, newest first, with how each went. */
export function PagingDeliveries() {
  const deliveries = usePagingDeliveries(LATEST);
  return (
    <Fieldset legend="Webhook Deliveries">
      <QueryState query={deliveries} loadingLabel="Loading webhook deliveries">
        {(data) => (
          <>
            <DataTable
              label="Webhook deliveries"
              columns={COLUMNS}
              rows={data.deliveries}
              rowKey={(d) => d.id}
              emptyText="No deliveries yet"
              minWidth={640}
              fz="sm"
            />
            {data.total > data.deliveries.length && (
              <Text size="sm" c="gray.7" mt="xs">
                The latest {data.deliveries.length} of {data.total} deliveries.
              </Text>
            )}
          </>
        )}
      </QueryState>
    </Fieldset>
  );
}
