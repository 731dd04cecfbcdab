import type { VisitorDto } from '@clinic/domain/contracts/visitors';
import { Button, Stack } from '@mantine/core';
import { Banner } from '../../../ui/Banner';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable';
import { RowActions } from '../../../ui/RowActions';
import { StatusChip } from '../../../ui/StatusChip';
import { TwoLineCell } from '../../../ui/TwoLineCell';
import { useCheckOutVisitor } from '../api/check-out-visitor';
import { BadgeLabel } from './BadgeLabel';
import { ViewVisitorButton } from './ViewVisitorButton';

type CheckOut = ReturnType<typeof useCheckOutVisitor>;

/** The spec's columns: visitor and relationship, badge and access level, patient and room, department and floor, status, duration, actions. */
function visitorColumns(onView: (id: string) => void, checkOut: CheckOut): DataTableColumn<VisitorDto>[] {
  return [
    { key: 'visitor', header: 'Visitor', cell: (v) => <TwoLineCell strong main={`${v.firstName} ${v.lastName}`} sub={v.relationship} /> },
    { key: 'badge', header: 'Badge', cell: (v) => <BadgeLabel badgeNumber={v.badgeNumber} accessLevel={v.accessLevel} /> },
    { key: 'patient', header: 'Patient', cell: (v) => <TwoLineCell main={v.patientName} sub={v.roomNumber ? `Room ${v.roomNumber}` : '—'} /> },
    { key: 'department', header: 'Department', cell: (v) => <TwoLineCell main={v.department ?? '—'} sub={v.floor ? `Floor ${v.floor}` : ''} /> },
    { key: 'status', header: 'Status', cell: (v) => <StatusChip status={v.status} /> },
    { key: 'duration', header: 'Duration', cell: (v) => v.duration },
    {
      key: 'actions',
      header: 'Actions',
      cell: (v) => (
        <RowActions>
          <ViewVisitorButton visitor={v} onView={onView} />
          {v.status === 'Checked In' && (
            <Button
              size="xs"
              onClick={() => checkOut.mutate({ id: v.id })}
              loading={checkOut.isPending && checkOut.variables?.id === v.id}
              aria-label={`Check Out ${v.firstName} ${v.lastName}`}
            >
              Check Out
            </Button>
          )}
        </RowActions>
      ),
    },
  ];
}

/** The visitors as the spec's table, with View and (while checked in) Check Out. */
export function VisitorTable({ visitors, onView, label }: { visitors: VisitorDto[]; onView: (id: string) => void; label: string }) {
  const checkOut = useCheckOutVisitor();
  return (
    <Stack gap="xs">
      {checkOut.isError && <Banner>{checkOut.error.message}</Banner>}
      <DataTable
        label={label}
        columns={visitorColumns(onView, checkOut)}
        rows={visitors}
        rowKey={(v) => v.id}
        rowProps={(v) => ({ 'data-visitor-id': v.id })}
        minWidth={900}
        striped
      />
    </Stack>
  );
}
