import { GDPR_ACCESS } from '@clinic/domain/rules/route-access';
import { RIGHTS_REQUEST_TYPES, type RightsRequestDto, type RightsRequestType } from '@clinic/domain/contracts/gdpr';
import { Button, Group, Modal, SegmentedControl, Select, Stack, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../../ui/Banner';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable';
import { EmptyState } from '../../../ui/EmptyState';
import { QueryState } from '../../../ui/QueryState';
import { StatusChip } from '../../../ui/StatusChip';
import { useCompleteRightsRequest } from '../api/complete-rights-request';
import { useErasePatient } from '../api/erase-patient';
import { usePatientRightsRequests } from '../api/get-rights-requests';
import { useRecordRightsRequest } from '../api/record-rights-request';
import { useAllowed } from '../use-allowed';
import { REQUEST_STATUS_LABELS, REQUEST_TYPE_LABELS, daysLeftLabel, formatDate } from '../labels';
import { useRequiredChoice } from '../use-required-choice';
import { GdprCard } from './GdprCard';
import { RecordForm } from './RecordForm';
import { TimeText } from '../../../ui/TimeText';

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
  const type = useRequiredChoice<RightsRequestType>('Request type is required');
  const [notes, setNotes] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const chosen = type.chosen();
    if (!chosen) return;
    record.mutate(
      { patientId, type: chosen, notes: notes.trim() || undefined },
      {
        onSuccess: (r) => {
          setSaved(`${REQUEST_TYPE_LABELS[r.type]} request recorded, due ${formatDate(r.dueDate)}.`);
          type.clear();
          setNotes('');
        },
      },
    );
  };
  return (
    <RecordForm label="Record a rights request" onSubmit={onSubmit} error={record.error} saved={saved}>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <Select label="Request type" placeholder="Choose a type" data={TYPE_OPTIONS} {...type.selectProps} w={240} />
        <Textarea
          label="Notes"
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          maxLength={5000}
          autosize
          minRows={1}
          style={{ flex: 1, minWidth: 240 }}
        />
      </Group>
      <Group justify="flex-end">
        <Button type="submit" loading={record.isPending}>
          Record Request
        </Button>
      </Group>
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
    { key: 'received', header: 'Received', cell: (r) => formatDate(r.receivedAt) },
    { key: 'due', header: 'Due date', cell: (r) => formatDate(r.dueDate) },
    { key: 'daysLeft', header: 'Days left', cell: (r) => (r.status === 'OPEN' ? daysLeftLabel(r.daysLeft) : '') },
    {
      key: 'notes',
      header: 'Notes and resolution',
      cell: (r) => (
        <Stack gap={2}>
          {r.notes && <Text size="sm">{r.notes}</Text>}
          {r.resolution && (
            <Text size="sm" c="dimmed">
              {REQUEST_STATUS_LABELS[r.status]} {formatDate(r.completedAt)}
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

type Answer = 'COMPLETED' | 'REJECTED';

/**
 * Closing a request: completed (for an erasure request: by erasing the contact details) or
 * rejected, with the resolution.
 */
function CloseRequestForm({ patientId, request, onDone }: { patientId: string; request: RightsRequestDto; onDone: () => void }) {
  const complete = useCompleteRightsRequest();
  const erase = useErasePatient();
  const [outcome, setOutcome] = useState<Answer>('COMPLETED');
  const [resolution, setResolution] = useState('');
  const [missing, setMissing] = useState(false);
  const erasing = request.type === 'erasure' && outcome === 'COMPLETED';
  const failure = complete.error ?? erase.error;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (erasing) {
      erase.mutate({ patientId, requestId: request.id }, { onSuccess: onDone });
      return;
    }
    if (!resolution.trim()) {
      setMissing(true);
      return;
    }
    complete.mutate({ id: request.id, resolution: resolution.trim(), outcome }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={onSubmit}>
      <Stack gap="sm">
        <SegmentedControl
          aria-label="Outcome"
          value={outcome}
          onChange={(v) => setOutcome(v as Answer)}
          data={[
            { value: 'COMPLETED', label: request.type === 'erasure' ? 'Erase contact details' : 'Completed' },
            { value: 'REJECTED', label: 'Rejected' },
          ]}
        />
        {erasing ? (
          <Text size="sm">
            Medical records are not deleted: they are kept for the 7-year retention period. The patient&apos;s processing is restricted and their
            contact details (phone, email, address and emergency contact) are removed. This cannot be undone.
          </Text>
        ) : (
          <Textarea
            label="Resolution"
            description={outcome === 'REJECTED' ? 'Why the request was rejected' : 'How the request was answered'}
            value={resolution}
            onChange={(e) => {
              setResolution(e.currentTarget.value);
              setMissing(false);
            }}
            error={missing ? 'Resolution is required' : undefined}
            maxLength={5000}
            autosize
            minRows={2}
            data-autofocus
          />
        )}
        {failure && <Banner>{failure.message}</Banner>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" color={erasing ? 'red' : undefined} loading={complete.isPending || erase.isPending}>
            {erasing ? 'Erase Contact Details' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
