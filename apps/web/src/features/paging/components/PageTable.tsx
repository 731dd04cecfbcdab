import type { PageDto } from '@clinic/domain/contracts/paging';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Banner } from '../../../ui/Banner';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable';
import { RowActions } from '../../../ui/RowActions';
import { StatusChip } from '../../../ui/StatusChip';
import { TimeText } from '../../../ui/TimeText';
import { TwoLineCell } from '../../../ui/TwoLineCell';
import { useAcknowledgePage } from '../api/mutations';
import {
  PRIORITY_LABELS,
  PRIORITY_TONES,
  STATUS_LABELS,
  STATUS_TONES,
  offersAcknowledge,
  offersCancel,
  pageSenderName,
  type PagingViewer,
} from '../lib/page-display';
import { CancelPageDialog } from './CancelPageDialog';

/** What a table of pages needs: who looks (for the actions), whether it is their inbox, and how to open a timeline. */
export interface PageTableProps {
  pages: readonly PageDto[];
  label: string;
  viewer: PagingViewer | null;
  inbox: boolean;
  onOpen: (id: string) => void;
}

// A chip's width is its whole text: Mantine's Badge would otherwise let the table squeeze it to an ellipsis.
const FULL_CHIP = { miw: 'max-content' } as const;

const when = (at: string | null) => <TimeText value={at} seconds={false} date="medium" />;

function answerOf(p: PageDto) {
  if (p.acknowledgedAt)
    return <TwoLineCell main={when(p.acknowledgedAt)} sub={p.acknowledgedBy ? `Acknowledged by ${p.acknowledgedBy.name}` : 'Acknowledged'} />;
  if (p.cancelledAt) return <TwoLineCell main={when(p.cancelledAt)} sub="Cancelled" />;
  if (p.escalatedAt) return <TwoLineCell main={when(p.escalatedAt)} sub={`Escalated (level ${p.escalationLevel})`} />;
  return '—';
}

/**
 * Pages as a table: priority, status, the message (which opens the timeline), sender, recipient,
 * patient, sent and answered times, and Acknowledge and Cancel where the caller may use them.
 */
export function PageTable({ pages, label, viewer, inbox, onOpen }: PageTableProps) {
  const acknowledge = useAcknowledgePage();
  const [cancelling, setCancelling] = useState<PageDto | null>(null);
  const columns: DataTableColumn<PageDto>[] = [
    {
      key: 'priority',
      header: 'Priority',
      cell: (p) => (
        <StatusChip status={p.priority} tone={PRIORITY_TONES[p.priority]} {...FULL_CHIP}>
          {PRIORITY_LABELS[p.priority]}
        </StatusChip>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (p) => (
        <StatusChip status={p.status} tone={STATUS_TONES[p.status]} {...FULL_CHIP}>
          {STATUS_LABELS[p.status]}
        </StatusChip>
      ),
    },
    {
      key: 'message',
      header: 'Message',
      cell: (p) => (
        <Stack gap={2} maw={360}>
          <Anchor component="button" type="button" ta="left" onClick={() => onOpen(p.id)} aria-label={`Timeline of the page: ${p.message}`}>
            {p.message}
          </Anchor>
          {p.callbackNumber && (
            <Text size="xs" c="gray.7">
              Call back: {p.callbackNumber}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'sender', header: 'From', cell: pageSenderName },
    {
      key: 'recipient',
      header: 'To',
      cell: (p) => <TwoLineCell main={p.recipient.name} sub={p.onCallRole ? `${p.onCallRole} on call` : (p.recipient.role ?? '')} />,
    },
    { key: 'patient', header: 'Patient', cell: (p) => (p.patient ? (p.patient.name ?? 'Patient') : '—') },
    { key: 'sent', header: 'Sent', cell: (p) => when(p.createdAt) },
    { key: 'answered', header: 'Answered', cell: answerOf },
    {
      key: 'actions',
      header: 'Actions',
      cell: (p) => (
        <RowActions>
          {offersAcknowledge(p, viewer, inbox) && (
            <Button
              size="xs"
              onClick={() => acknowledge.mutate(p.id)}
              loading={acknowledge.isPending && acknowledge.variables === p.id}
              aria-label={`Acknowledge page: ${p.message}`}
            >
              Acknowledge
            </Button>
          )}
          {offersCancel(p, viewer) && (
            <Button size="xs" variant="default" onClick={() => setCancelling(p)} aria-label={`Cancel page: ${p.message}`}>
              Cancel
            </Button>
          )}
        </RowActions>
      ),
    },
  ];
  return (
    <Stack gap="xs">
      {acknowledge.isError && (
        <Banner title="The page was not acknowledged" onDismiss={() => acknowledge.reset()}>
          {acknowledge.error.message}
        </Banner>
      )}
      <DataTable
        label={label}
        columns={columns}
        rows={pages}
        rowKey={(p) => p.id}
        rowProps={(p) => ({ 'data-page-id': p.id, 'data-status': p.status })}
        minWidth={1100}
        emptyText="No pages"
      />
      <CancelPageDialog page={cancelling} onClose={() => setCancelling(null)} />
    </Stack>
  );
}
