import { Button, Group, Stack, Text } from '@mantine/core';
import { Banner } from '../../../ui/Banner';
import { useRecentAdverseEvents } from '../api/get-adverse-events';

/** Open serious adverse events: the staff alert, with their report deadlines. */
export function SafetyAlerts({ onOpen }: { onOpen: () => void }) {
  const events = useRecentAdverseEvents(200);
  const open = (events.data ?? []).filter((e) => e.serious && !e.resolved);
  if (!open.length) return null;
  return (
    <Banner tone="error" title={`${open.length} serious adverse event${open.length === 1 ? '' : 's'} open`}>
      <Stack gap={4}>
        {open.slice(0, 3).map((e) => (
          <Text key={e.id} fz="sm">
            {e.trialTitle}: {e.eventType} ({e.severity}) on {e.date}; safety report due {e.reportingDueDate}
          </Text>
        ))}
        <Group>
          <Button size="xs" variant="white" color="red.9" onClick={onOpen}>
            Review safety events
          </Button>
        </Group>
      </Stack>
    </Banner>
  );
}
