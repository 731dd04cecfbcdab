import { Group, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useLiveUpdates } from '../../api/events';
import { publicTenantFromParams, usePublicClinic } from '../../api/public-clinic';
import { Banner } from '../../ui/Banner';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { EmptyState } from '../../ui/EmptyState';
import { UrgencyBadge } from '../../ui/UrgencyBadge';
import { useTimedBanner } from '../../ui/use-timed-banner';
import { usePublicBoard, type PublicBoard } from './api/get-public-board';
import { minutesLabel, statusLabel } from './entry-display';
import { QueueControls } from './QueueControls';
import { QueueLayout, QueueTitle } from './QueueLayout';
import { QueueStats, ZERO_QUEUE_STATS } from './QueueStats';
import { arrivalMessage, arrivalSource } from './queue-tenant';

type BoardRow = PublicBoard['patients'][number];

/** The board's columns, in the server's clinical order (no sorting: a wall screen is read, not used). */
const BOARD_COLUMNS: DataTableColumn<BoardRow>[] = [
  { key: 'number', header: 'Queue Number', cell: (p) => `#${p.queueNumber}`, cellProps: { fw: 700 } },
  { key: 'patient', header: 'Patient', cell: (p) => p.initials },
  { key: 'urgency', header: 'Urgency', cell: (p) => <UrgencyBadge level={p.urgencyLevel} /> },
  { key: 'wait', header: 'Wait', cell: (p) => minutesLabel(p.waitTime) },
  { key: 'status', header: 'Status', cell: (p) => statusLabel(p.status) },
];

/**
 * The queue for anyone not managing it: the de-identified board of the URL's organization and
 * clinic (queue number, initials, urgency, wait, status), live like the staff screen.
 */
export function PublicQueueBoard({ signedIn }: { signedIn: boolean }) {
  const [params] = useSearchParams();
  const named = publicTenantFromParams(params);
  const tenant = useMemo(() => ({ organizationId: named.organizationId, clinicId: named.clinicId }), [named.organizationId, named.clinicId]);
  const [autoRefresh, setAutoRefresh] = useState(true);
  const board = usePublicBoard(tenant, autoRefresh);
  const connected = usePublicClinic(tenant);
  const live = useLiveUpdates('public', tenant);
  const source = arrivalSource(params);
  const arrival = useTimedBanner(undefined, source ? arrivalMessage(source) : null);

  const patients = board.data?.patients ?? [];
  const stats = board.data?.stats ?? ZERO_QUEUE_STATS;

  return (
    <QueueLayout signedIn={signedIn}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <QueueTitle />
            <Text size="sm" c="gray.7">
              Organization: {connected.data?.organization.name ?? tenant.organizationId} · Clinic: {connected.data?.clinic.name ?? tenant.clinicId}
            </Text>
          </div>
          <QueueControls
            autoRefresh={autoRefresh}
            onAutoRefresh={setAutoRefresh}
            onRefresh={() => void board.refetch()}
            live={live.connected}
            refreshing={board.isFetching && !board.isPending}
          />
        </Group>
        {arrival.message && (
          <Banner tone="success" onDismiss={arrival.dismiss}>
            {arrival.message}
          </Banner>
        )}
        {board.isError && <Banner>Failed to load queue data: {board.error.message}</Banner>}
        <QueueStats stats={stats} loading={board.isPending} />
        {board.isPending ? (
          <Text>Loading queue...</Text>
        ) : patients.length === 0 ? (
          !board.isError && <EmptyState title="No patients in queue" />
        ) : (
          <DataTable
            label="Waiting room board"
            columns={BOARD_COLUMNS}
            rows={patients}
            rowKey={(p) => p.queueNumber}
            minWidth={480}
            striped
            withTableBorder
            fz="md"
          />
        )}
      </Stack>
    </QueueLayout>
  );
}
