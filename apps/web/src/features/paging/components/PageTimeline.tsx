import { Drawer, Group, Stack, Text, Timeline } from '@mantine/core';
import { QueryState } from '../../../ui/QueryState';
import { StatusChip } from '../../../ui/StatusChip';
import { TimeText } from '../../../ui/TimeText';
import { usePageDetail } from '../api/queries';
import { PRIORITY_LABELS, PRIORITY_TONES, STATUS_LABELS, STATUS_TONES, eventText } from '../lib/page-display';

/** One page and its timeline (sent, delivered and by which channel, read, acknowledged, escalated, cancelled, expired), in a side panel. */
export function PageTimeline({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = usePageDetail(id);
  return (
    <Drawer opened={!!id} onClose={onClose} position="right" size="md" title="Page timeline">
      {id && (
        <QueryState query={detail} loadingLabel="Loading the page">
          {({ page, events }) => (
            <Stack gap="md">
              <Group gap="xs">
                <StatusChip status={page.priority} tone={PRIORITY_TONES[page.priority]}>
                  {PRIORITY_LABELS[page.priority]}
                </StatusChip>
                <StatusChip status={page.status} tone={STATUS_TONES[page.status]}>
                  {STATUS_LABELS[page.status]}
                </StatusChip>
              </Group>
              <Text fw={600}>{page.message}</Text>
              <Text size="sm" c="gray.7">
                From {page.automatic ? 'an automatic page (critical alert)' : (page.sender?.name ?? '—')} to {page.recipient.name}
                {page.onCallRole ? ` (${page.onCallRole} on call)` : ''}
                {page.patient ? ` · Patient: ${page.patient.name ?? 'not shown'}` : ''}
                {page.callbackNumber ? ` · Call back: ${page.callbackNumber}` : ''}
              </Text>
              <Timeline active={events.length - 1} bulletSize={14} lineWidth={2}>
                {events.map((e, i) => (
                  <Timeline.Item key={`${e.type}-${e.at}-${i}`} title={eventText(e)}>
                    <Text size="xs" c="gray.7">
                      <TimeText value={e.at} date="medium" />
                    </Text>
                  </Timeline.Item>
                ))}
              </Timeline>
              {events.length === 0 && <Text c="gray.7">No events yet</Text>}
            </Stack>
          )}
        </QueryState>
      )}
    </Drawer>
  );
}
