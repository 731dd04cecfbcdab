import { GDPR_ACCESS } from '@clinic/domain/rules/route-access';
import { RIGHTS_REQUEST_TYPES, rightsRequestBody, type RightsRequestDto } from '@clinic/domain/contracts/gdpr';
import { Button, Group, Modal, Select, Stack, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { Banner } from '../../../ui/Banner';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable';
import { EmptyState } from '../../../ui/EmptyState';
import { QueryState } from '../../../ui/QueryState';
import { StatusChip } from '../../../ui/StatusChip';
import { usePatientRightsRequests } from '../api/get-rights-requests';
import { useRecordRightsRequest } from '../api/record-rights-request';
import { useAllowed } from '../../../api/session/use-allowed';
import { REQUEST_STATUS_LABELS, REQUEST_TYPE_LABELS, daysLeftLabel } from '../labels';
import { CloseRequestForm } from './CloseRequestForm';
import { GdprCard } from './GdprCard';
import { RecordForm } from './RecordForm';
import { TimeText } from '../../../ui/TimeText';
import { formatDay } from '../../../ui/date-format';
import { FormActions } from '../../../ui/FormActions';
import { useZodForm } from '../../../ui/use-zod-form';

const TYPE_OPTIONS = RIGHTS_REQUEST_TYPES.map((t) => ({ value: t, label: REQUEST_TYPE_LABELS[t] }));

/** The patient's rights requests: record one (type and notes), the list with due dates, days left and overdue badges, closing. */
export function RightsRequestsCard({ patientId }: { patientId: string }) {
  const requests = usePatientRightsRequests(patientId);
  return (
    <GdprCard title="Rights Requests">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Requests are answered within 30 days of being received.
        </Text>
        <RecordRequestForm patientId={patientId} />
        <QueryState query={requests} loadingLabel="Loading requests">
          {(data) => (
            <Stack gap="sm">
              {data.processingRestrictedAt && (
                <Banner tone="info" title="Processing restricted">
                  Contact details were removed on <TimeText value={data.processingRestrictedAt} date="numeric" />. Medical records are kept for the
                  7-year retention period.
                </Banner>
              )}
              {data.requests.length === 0 ? (
                <EmptyState compact title="No requests recorded." />
              ) : (
                <RequestTable patientId={patientId} requests={data.requests} />
              )}
            </Stack>
          )}
        </QueryState>
      </Stack>
    </GdprCard>
  );
}

function RecordRequestForm({ patientId }: { patientId: string }) {
  const record = useRecordRightsRequest();
  const form = useZodForm({ schema: rightsRequestBody, initialValues: { patientId, type: null as string | null, notes: '' } });
  const [saved, setSaved] = useState<string | null>(null);
  const onSubmit = form.onSubmit((body) => {
    setSaved(null);
    record.mutate(body, {
      onSuccess: (r) => {
        setSaved(`${REQUEST_TYPE_LABELS[r.type]} request recorded, due ${formatDay(r.dueDate, 'numeric')}.`);
        form.reset();
      },
    });
  });
  return (
    <RecordForm label="Record a rights request" onSubmit={onSubmit} error={record.error} saved={saved}>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <Select label="Request type" placeholder="Choose a type" data={TYPE_OPTIONS} {...form.getInputProps('type')} w={240} />
        <Textarea label="Notes" {...form.getInputProps('notes')} maxLength={5000} autosize minRows={1} style={{ flex: 1, minWidth: 240 }} />
      </Group>
      <FormActions submitLabel="Record Request" loading={record.isPending} />
    </RecordForm>
  );
}

const OPEN_TONE = { color: 'blue.8', text: 'white' } as const;

/** The request's status as a chip; an open request past its due date reads Overdue, in red. */
function StatusBadge({ request }: { request: RightsRequestDto }) {
  if (request.overdue) return <StatusChip status="critical">Overdue</StatusChip>;
  return (
    <StatusChip status={request.status} tone={request.status === 'OPEN' ? OPEN_TONE : undefined}>
      {REQUEST_STATUS_LABELS[request.status]}
    </StatusChip>
  );
}

function RequestTable({ patientId, requests }: { patientId: string; requests: RightsRequestDto[] }) {
  const canClose = useAllowed(GDPR_ACCESS.administer);
  const [closing, setClosing] = useState<RightsRequestDto | null>(null);
  const columns: DataTableColumn<RightsRequestDto>[] = [
    { key: 'type', header: 'Type', cell: (r) => REQUEST_TYPE_LABELS[r.type] },
    { key: 'status', header: 'Status', cell: (r) => <StatusBadge request={r} /> },
    { key: 'received', header: 'Received', cell: (r) => formatDay(r.receivedAt, 'numeric') },
    { key: 'due', header: 'Due date', cell: (r) => formatDay(r.dueDate, 'numeric') },
    { key: 'daysLeft', header: 'Days left', cell: (r) => (r.status === 'OPEN' ? daysLeftLabel(r.daysLeft) : '') },
    {
      key: 'notes',
      header: 'Notes and resolution',
      cell: (r) => (
        <Stack gap={2}>
          {r.notes && <Text size="sm">{r.notes}</Text>}
          {r.resolution && (
            <Text size="sm" c="dimmed">
              {REQUEST_STATUS_LABELS[r.status]} {formatDay(r.completedAt, 'numeric')}
              {r.completedBy ? ` by ${r.completedBy}` : ''}: {r.resolution}
            </Text>
          )}
        </Stack>
      ),
    },
    ...(canClose
      ? [
          {
            key: 'actions',
            header: <VisuallyHidden>Actions</VisuallyHidden>,
            cell: (r: RightsRequestDto) =>
              r.status === 'OPEN' && (
                <Button size="xs" variant="default" onClick={() => setClosing(r)} aria-label={`Close ${REQUEST_TYPE_LABELS[r.type]} request`}>
                  {r.type === 'erasure' ? 'Answer' : 'Complete'}
                </Button>
              ),
          },
        ]
      : []),
  ];
  return (
    <>
      <DataTable label="Rights requests" columns={columns} rows={requests} rowKey={(r) => r.id} minWidth={720} striped />
      <Modal opened={closing !== null} onClose={() => setClosing(null)} title={closing ? `${REQUEST_TYPE_LABELS[closing.type]} request` : ''}>
        {closing && <CloseRequestForm patientId={patientId} request={closing} onDone={() => setClosing(null)} />}
      </Modal>
    </>
  );
}
