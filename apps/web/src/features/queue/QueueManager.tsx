import { careStartedMessage } from '@clinic/domain/rules/queue-status';
import { Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useLiveUpdates } from '../../api/events';
import { useSession } from '../../api/session';
import { useWaitingRoom } from '../../api/waiting-room';
import { Banner } from '../../ui/Banner';
import { EmptyState } from '../../ui/EmptyState';
import { useTimedBanner } from '../../ui/use-timed-banner';
import { useQueueAction, type CareOutcome, type QueueEntryAction } from './api/queue-action';
import { useStartCare } from './api/start-care';
import { CdsAnalytics, CdsRecommendations, ClinicalGuidelines } from './CdsPanels';
import { splitQueue } from './entry-display';
import { PatientDetailsModal } from './PatientDetailsModal';
import { QueueControls } from './QueueControls';
import { QueueEntryCard } from './QueueEntryCard';
import { QueueLayout, QueueTitle } from './QueueLayout';
import { QueueStats, ZERO_QUEUE_STATS } from './QueueStats';
import { arrivalMessage, arrivalSource, staffTenantFromParams } from './queue-tenant';

const ACTION_VERBS: Record<QueueEntryAction, string> = {
  complete: 'complete',
  admit: 'admit',
  'emergency-admit': 'emergency-admit',
  cancel: 'cancel',
};

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
  const [startingId, setStartingId] = useState<string | null>(null);

  // On a failed load the spec shows zeroed stats and an empty list; a background refresh that fails
  // keeps what was last shown (with the banner), so staff never lose sight of a waiting patient.
  const data = queue.data;
  const stats = data?.stats ?? ZERO_QUEUE_STATS;
  const patients = data?.patients ?? [];
  const { waiting, inCare } = splitQueue(patients);
  const selected = selectedId ? (patients.find((p) => p.id === selectedId) ?? null) : null;

  const onStartCare = async (id: string) => {
    setFailure(null);
    setStartingId(id);
    try {
      await startCare.mutateAsync({ id, startedBy: session.data?.user.id });
      setSelectedId(null);
      started.show(careStartedMessage(id));
    } catch (err) {
      const message = (err as Error).message;
      setFailure(message ? `Failed to start care: ${message}` : 'Failed to start care session');
    } finally {
      setStartingId(null);
    }
  };

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
            onRefresh={() => void queue.refetch()}
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

        <Tabs defaultValue="queue" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="queue">Patient Queue</Tabs.Tab>
            <Tabs.Tab value="recommendations">CDS Recommendations</Tabs.Tab>
            <Tabs.Tab value="guidelines">Clinical Guidelines</Tabs.Tab>
            <Tabs.Tab value="analytics">CDS Analytics</Tabs.Tab>
          </Tabs.List>

          <Tabs.Panel value="queue" pt="md">
            <Stack gap="lg">
              <section aria-labelledby="waiting-list-title">
                <Title order={2} fz="h3" mb="sm" id="waiting-list-title">
                  Waiting ({waiting.length})
                </Title>
                {queue.isPending ? (
                  <Text>Loading queue...</Text>
                ) : waiting.length === 0 ? (
                  !queue.isError && <EmptyState title="No patients in queue" />
                ) : (
                  <Stack gap="sm">
                    {waiting.map((entry) => (
                      <QueueEntryCard
                        key={entry.id}
                        entry={entry}
                        onDetails={() => setSelectedId(entry.id)}
                        onStartCare={() => void onStartCare(entry.id)}
                        starting={startingId === entry.id}
                      />
                    ))}
                  </Stack>
                )}
              </section>
              {inCare.length > 0 && (
                <section aria-labelledby="in-care-title">
                  <Title order={2} fz="h3" mb="sm" id="in-care-title">
                    In Care ({inCare.length})
                  </Title>
                  <Stack gap="sm">
                    {inCare.map((entry) => (
                      <QueueEntryCard key={entry.id} entry={entry} onDetails={() => setSelectedId(entry.id)} />
                    ))}
                  </Stack>
                </section>
              )}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="recommendations" pt="md">
            <CdsRecommendations patients={waiting} />
          </Tabs.Panel>
          <Tabs.Panel value="guidelines" pt="md">
            <ClinicalGuidelines patients={waiting} />
          </Tabs.Panel>
          <Tabs.Panel value="analytics" pt="md">
            <CdsAnalytics patients={patients} stats={stats} />
          </Tabs.Panel>
        </Tabs>
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
          starting={startingId === selected.id}
          onAction={(which, outcome) => void onAction(selected.id, which, outcome)}
          acting={action.isPending ? (action.variables?.action ?? null) : null}
          actionError={failure}
        />
      )}
    </QueueLayout>
  );
}
