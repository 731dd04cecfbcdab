import { Alert, Group, Stack, Table, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePublicClinic } from '../../api/public-clinic';
import { publicTenantFromParams } from '../../ui/public-tenant';
import { UrgencyBadge } from '../../ui/UrgencyBadge';
import { usePublicBoard } from './api/get-public-board';
import { minutesLabel, statusLabel } from './entry-display';
import { QueueControls } from './QueueControls';
import { QueueLayout, QueueTitle } from './QueueLayout';
import { QueueStats, ZERO_QUEUE_STATS } from './QueueStats';
import { arrivalMessage, arrivalSource } from './queue-tenant';
import { useQueueLiveUpdates } from './use-queue-live-updates';
import { useTimedBanner } from './use-timed-banner';

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
  const live = useQueueLiveUpdates('public', tenant);
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
              Organization: {connected.data?.organization.name ?? tenant.organizationId} · Clinic:{' '}
              {connected.data?.clinic.name ?? tenant.clinicId}
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
          <Alert color="green" variant="light" withCloseButton onClose={arrival.dismiss} role="status" closeButtonLabel="Dismiss">
            {arrival.message}
          </Alert>
        )}
        {board.isError && (
          <Alert color="red" role="alert">
            Failed to load queue data: {board.error.message}
          </Alert>
        )}
        <QueueStats stats={stats} loading={board.isPending} />
        {board.isPending ? (
          <Text>Loading queue...</Text>
        ) : patients.length === 0 ? (
          !board.isError && (
            <Text c="gray.7" py="lg" ta="center">
              No patients in queue
            </Text>
          )
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table striped withTableBorder fz="md" aria-label="Waiting room board">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Queue Number</Table.Th>
                  <Table.Th>Patient</Table.Th>
                  <Table.Th>Urgency</Table.Th>
                  <Table.Th>Wait</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {patients.map((p) => (
                  <Table.Tr key={p.queueNumber}>
                    <Table.Td fw={700}>#{p.queueNumber}</Table.Td>
                    <Table.Td>{p.initials}</Table.Td>
                    <Table.Td>
                      <UrgencyBadge level={p.urgencyLevel} />
                    </Table.Td>
                    <Table.Td>{minutesLabel(p.waitTime)}</Table.Td>
                    <Table.Td>{statusLabel(p.status)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </QueueLayout>
  );
}
