import type { VisitorDto } from '@clinic/domain/contracts/visitors';
import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { Banner } from '../../../ui/Banner';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable';
import { QueryState } from '../../../ui/QueryState';
import { RowActions } from '../../../ui/RowActions';
import { TimeText } from '../../../ui/TimeText';
import type { VisitorWithBadge } from '../api/refresh-visitor';
import { useReprintBadge } from '../api/reprint-badge';
import { useVisitors } from '../api/get-visitors';
import { BadgeLabel } from './BadgeLabel';
import { ReprintBadgeDialog } from './ReprintBadgeDialog';
import { RevokeBadgeDialog } from './RevokeBadgeDialog';
import { ViewVisitorButton } from './ViewVisitorButton';

interface BadgeActions {
  onView: (id: string) => void;
  reprint: ReturnType<typeof useReprintBadge>;
  onReprinted: (visitor: VisitorWithBadge) => void;
  onRevoke: (visitor: VisitorDto) => void;
}

function badgeColumns({ onView, reprint, onReprinted, onRevoke }: BadgeActions): DataTableColumn<VisitorDto>[] {
  return [
    { key: 'badge', header: 'Badge', cell: (v) => <BadgeLabel badgeNumber={v.badgeNumber} accessLevel={v.accessLevel} /> },
    { key: 'visitor', header: 'Visitor', cell: (v) => `${v.firstName} ${v.lastName}` },
    { key: 'patient', header: 'Patient', cell: (v) => v.patientName },
    { key: 'validUntil', header: 'Valid Until', cell: (v) => <TimeText value={v.validUntil} seconds={false} /> },
    {
      key: 'actions',
      header: 'Actions',
      cell: (v) => (
        <RowActions>
          <ViewVisitorButton visitor={v} onView={onView} />
          <Button
            size="xs"
            variant="light"
            onClick={() => reprint.mutate(v.id, { onSuccess: onReprinted })}
            loading={reprint.isPending && reprint.variables === v.id}
            aria-label={`Reprint badge ${v.badgeNumber}`}
          >
            Reprint
          </Button>
          <Button size="xs" variant="light" color="red" onClick={() => onRevoke(v)} aria-label={`Revoke badge ${v.badgeNumber}`}>
            Revoke
          </Button>
        </RowActions>
      ),
    },
  ];
}

/** The badges of the visitors checked in now, each with View, Reprint and Revoke. */
export function ActiveBadges({ onView }: { onView: (id: string) => void }) {
  const active = useVisitors({ status: 'Checked In', page: 1, limit: 100 });
  const reprint = useReprintBadge();
  const [printing, setPrinting] = useState<VisitorWithBadge | null>(null);
  const [revoking, setRevoking] = useState<VisitorDto | null>(null);
  const columns = badgeColumns({ onView, reprint, onReprinted: setPrinting, onRevoke: setRevoking });
  return (
    <>
      {reprint.isError && <Banner>{reprint.error.message}</Banner>}
      <QueryState query={active} isEmpty={(d) => d.visitors.length === 0} empty={<Text c="gray.7">No active badges</Text>}>
        {(d) => (
          <DataTable
            label="Active badges"
            columns={columns}
            rows={d.visitors}
            rowKey={(v) => v.id}
            rowProps={(v) => ({ 'data-visitor-id': v.id })}
            minWidth={700}
            striped
          />
        )}
      </QueryState>
      <ReprintBadgeDialog printing={printing} onClose={() => setPrinting(null)} />
      <RevokeBadgeDialog visitor={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}
