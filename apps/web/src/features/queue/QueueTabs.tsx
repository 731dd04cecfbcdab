import type { QueueEntryDto, QueueStatsDto } from '@clinic/domain/contracts/queue';
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { memo, useMemo } from 'react';
import { EmptyState } from '../../ui/EmptyState';
import { CdsAnalytics, CdsRecommendations, ClinicalGuidelines } from './CdsPanels';
import { splitQueue } from './entry-display';
import { QueueEntryCard } from './QueueEntryCard';
import type { StartingEntry } from './starting-entry';

/**
 * The Queue Manager's tabs: the waiting and in-care lists, the CDS recommendations, the guidelines
 * and the analytics. Memoized, with the cached queue and stable handlers as props, so the page's
 * other state (banners, the mutation's progress, the details modal) never renders the lists again.
 */
export const QueueTabs = memo(function QueueTabs({
  patients,
  stats,
  loading,
  loadFailed,
  starting,
  onDetails,
  onStartCare,
}: {
  patients: QueueEntryDto[];
  stats: QueueStatsDto;
  loading: boolean;
  loadFailed: boolean;
  /** Which entry's Start Care is in flight (the cards read it themselves). */
  starting: StartingEntry;
  onDetails: (id: string) => void;
  onStartCare: (id: string) => void;
}) {
  const { waiting, inCare } = useMemo(() => splitQueue(patients), [patients]);
  return (
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
            {loading ? (
              <Text>Loading queue...</Text>
            ) : waiting.length === 0 ? (
              !loadFailed && <EmptyState title="No patients in queue" />
            ) : (
              <Stack gap="sm">
                {waiting.map((entry) => (
                  <QueueEntryCard key={entry.id} entry={entry} onDetails={onDetails} onStartCare={onStartCare} starting={starting} />
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
                  <QueueEntryCard key={entry.id} entry={entry} onDetails={onDetails} />
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
  );
});
