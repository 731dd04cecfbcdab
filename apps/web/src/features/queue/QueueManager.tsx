import type { QueueEntryDto } from '@clinic/domain/contracts/queue';
import { careStartedMessage } from '@clinic/domain/rules/queue-status';
import { Group, Stack } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useLiveUpdates } from '../../api/events';
import { useSession } from '../../api/session';
import { useWaitingRoom } from '../../api/waiting-room';
import { Banner } from '../../ui/Banner';
import { useTimedBanner } from '../../ui/use-timed-banner';
import { useQueueAction, type CareOutcome, type QueueEntryAction } from './api/queue-action';
import { useStartCare } from './api/start-care';
import { PatientDetailsModal } from './PatientDetailsModal';
import { QueueControls } from './QueueControls';
import { QueueLayout, QueueTitle } from './QueueLayout';
import { QueueStats, ZERO_QUEUE_STATS } from './QueueStats';
import { QueueTabs } from './QueueTabs';
import { useIsStarting, useStartingEntryStore } from './starting-entry';
import { arrivalMessage, arrivalSource, staffTenantFromParams } from './queue-tenant';

const ACTION_VERBS: Record<QueueEntryAction, string> = {
  complete: 'complete',
  admit: 'admit',
  'emergency-admit': 'emergency-admit',
  cancel: 'cancel',
};

const NO_PATIENTS: QueueEntryDto[] = [];

/** The staff Queue Manager: stats, the risk-scored waiting list, CDS tabs, details and Start Care. */
export function QueueManager() {
  const [params] = useSearchParams();
  const named = staffTenantFromParams(params);
  const tenant = useMemo(() => ({ organizationId: named.organizationId, clinicId: named.clinicId }), [named.organizationId, named.clinicId]);
  const session = useSession();
  const [autoRefresh, setAutoRefresh] = useState(true);
  const queue = useWaitingRoom(tenant, { autoRefresh });
  const live = useLiveUpdates('staff', tenant);
  const startCare = useStartCare(tenant);
  const action = useQueueAction(tenant);
  const source = arrivalSource(params);
  const arrival = useTimedBanner(undefined, source ? arrivalMessage(source) : null);
  const started = useTimedBanner();
  const [failure, setFailure] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const starting = useStartingEntryStore();

  // On a failed load the spec shows zeroed stats and an empty list; a background refresh that fails
  // keeps what was last shown (with the banner), so staff never lose sight of a waiting patient.
  const data = queue.data;
  const stats = data?.stats ?? ZERO_QUEUE_STATS;
  const patients = data?.patients ?? NO_PATIENTS;
  const selected = selectedId ? (patients.find((p) => p.id === selectedId) ?? null) : null;
  const selectedStarting = useIsStarting(starting, selected?.id ?? null);

  // The handlers stay the same across renders (mutateAsync, refetch, show and the state setters do),
  // so the memoized tabs and cards skip rendering when only this page's state moves; a Start Care
  // click renders the one card it concerns (and the details when open).
  const { mutateAsync: startCareAsync } = startCare;
  const startedBy = session.data?.user.id;
  const showStarted = started.show;
  const onStartCare = useCallback(
    async (id: string) => {
      setFailure(null);
      starting.set(id);
      try {
        await startCareAsync({ id, startedBy });
        setSelectedId(null);
        showStarted(careStartedMessage(id));
      } catch (err) {
        const message = (err as Error).message;
        setFailure(message ? `Failed to start care: ${message}` : 'Failed to start care session');
      } finally {
        starting.set(null);
      }
    },
    [starting, startCareAsync, startedBy, showStarted],
  );
  const onCardStartCare = useCallback((id: string) => void onStartCare(id), [onStartCare]);
  const { refetch } = queue;
  const onRefresh = useCallback(() => void refetch(), [refetch]);

  const onAction = async (id: string, which: QueueEntryAction, outcome?: CareOutcome) => {
    setFailure(null);
    try {
      await action.mutateAsync({ id, action: which, outcome });
      setSelectedId(null);
    } catch (err) {
      setFailure(`Failed to ${ACTION_VERBS[which]} care: ${(err as Error).message}`);
    }
  };

  return (
    <QueueLayout signedIn>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <QueueTitle />
          <QueueControls
            autoRefresh={autoRefresh}
            onAutoRefresh={setAutoRefresh}
            onRefresh={onRefresh}
            live={live.connected}
            refreshing={queue.isFetching && !queue.isPending}
          />
        </Group>

        {arrival.message && (
          <Banner tone="success" onDismiss={arrival.dismiss}>
            {arrival.message}
          </Banner>
        )}
        {started.message && (
          <Banner tone="success" onDismiss={started.dismiss}>
            {started.message}
          </Banner>
        )}
        {queue.isError && <Banner>Failed to load queue data: {queue.error.message}</Banner>}
        {failure && !selected && <Banner onDismiss={() => setFailure(null)}>{failure}</Banner>}

        <QueueStats stats={stats} loading={queue.isPending} />

        <QueueTabs
          patients={patients}
          stats={stats}
          loading={queue.isPending}
          loadFailed={queue.isError}
          starting={starting}
          onDetails={setSelectedId}
          onStartCare={onCardStartCare}
        />
      </Stack>

      {selected && (
        <PatientDetailsModal
          entry={selected}
          tenant={tenant}
          onClose={() => {
            setSelectedId(null);
            setFailure(null);
          }}
          onStartCare={() => void onStartCare(selected.id)}
          starting={selectedStarting}
          onAction={(which, outcome) => void onAction(selected.id, which, outcome)}
          acting={action.isPending ? (action.variables?.action ?? null) : null}
          actionError={failure}
        />
      )}
    </QueueLayout>
  );
}
