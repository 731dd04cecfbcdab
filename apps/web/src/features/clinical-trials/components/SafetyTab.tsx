import type { AdverseEventDto } from '@clinic/domain/contracts/clinical-trials';
import { SAFETY_EVENT_LIMIT } from '@clinic/domain/rules/clinical-trials';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { EmptyState } from '../../../ui/EmptyState';
import { QueryState } from '../../../ui/QueryState';
import { useRecentAdverseEvents } from '../api/get-adverse-events';
import { useResolveAdverseEvent } from '../api/resolve-adverse-event';

/** The Safety tab: the recent adverse events, each resolvable, and Report Adverse Event. */
export function SafetyTab({ onReport, canReport }: { onReport: () => void; canReport: boolean }) {
  const events = useRecentAdverseEvents(SAFETY_EVENT_LIMIT);
  const resolve = useResolveAdverseEvent();
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} fz="h3">
          Recent Adverse Events
        </Title>
        <Button onClick={onReport} disabled={!canReport}>
          Report Adverse Event
        </Button>
      </Group>
      <QueryState
        query={events}
        errorMessage={(e) => `Error: ${e.message}`}
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyState title="No adverse events reported" />}
      >
        {(rows: AdverseEventDto[]) => (
          <Stack gap="sm">
            {rows.map((e) => (
              <Card key={e.id} withBorder padding="sm">
                <Group justify="space-between" align="flex-start" wrap="wrap">
                  <Stack gap={2}>
                    <Text fw={600}>
                      {e.eventType} · {e.severity}
                      {e.serious ? ' · Serious' : ''}
                    </Text>
                    <Text fz="sm">
                      {e.trialTitle} · {e.patientName} · {e.date} · Relatedness: {e.relatedness}
                    </Text>
                    <Text fz="sm">{e.description}</Text>
                    {e.actionTaken && <Text fz="sm">Action taken: {e.actionTaken}</Text>}
                    {e.serious && <Text fz="sm">Safety report due {e.reportingDueDate}</Text>}
                  </Stack>
                  {e.resolved ? (
                    <Text fz="sm">Resolved</Text>
                  ) : (
                    <Button size="xs" variant="default" onClick={() => resolve.mutate(e.id)} aria-label={`Mark ${e.eventType} resolved`}>
                      Mark resolved
                    </Button>
                  )}
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
