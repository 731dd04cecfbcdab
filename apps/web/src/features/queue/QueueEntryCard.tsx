import type { QueueEntryDto } from '@clinic/domain/contracts/queue';
import { news2Label } from '@clinic/domain/rules/news2';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { memo } from 'react';
import { PageAction } from '../../ui/page-action';
import { UrgencyBadge } from '../../ui/UrgencyBadge';
import { useIsStarting, type StartingEntry } from './starting-entry';
import { ageLabel, cardRecommendations, cardTone, genderLabel, minutesLabel, statusLabel } from './entry-display';

const TONES = {
  red: { bg: 'var(--mantine-color-red-0)', border: 'var(--mantine-color-red-6)' },
  yellow: { bg: 'var(--mantine-color-yellow-0)', border: 'var(--mantine-color-yellow-6)' },
} as const;

/**
 * One queue entry: who, why, how urgent, the risk, the assessment, three recommendations and the actions.
 * Memoized: the handlers take the entry's id so the list can pass the same functions to every card,
 * and a card renders again only when its entry object or a handler changes, or its own Start Care
 * starts or ends (read from `starting`, so the other cards are not rendered for it).
 */
export const QueueEntryCard = memo(function QueueEntryCard({
  entry,
  onDetails,
  onStartCare,
  starting: startingEntry,
}: {
  entry: QueueEntryDto;
  onDetails: (id: string) => void;
  onStartCare?: (id: string) => void;
  /** Which entry's Start Care is in flight (for the Start Care button's loading state). */
  starting?: StartingEntry;
}) {
  const starting = useIsStarting(startingEntry, entry.id);
  const tone = cardTone(entry);
  const { shown, more } = cardRecommendations(entry.recommendations);
  const titleId = `queue-entry-${entry.id}`;
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      withBorder
      padding="md"
      data-tone={tone ?? 'normal'}
      style={tone ? { backgroundColor: TONES[tone].bg, borderColor: TONES[tone].border, borderWidth: 2 } : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={3} fz="lg" id={titleId}>
              {entry.patientName}
            </Title>
            <Text size="sm" c="gray.7">
              #{entry.queueNumber} · {ageLabel(entry.age)} · {genderLabel(entry.gender)} · Waiting {minutesLabel(entry.waitTime)}
              {entry.status !== 'waiting' ? ` · ${statusLabel(entry.status)}` : ''}
            </Text>
          </div>
          <Group gap={6} justify="flex-end">
            <UrgencyBadge level={entry.urgencyLevel} size="lg" />
            <Badge variant="outline" color="dark" size="lg">
              Risk {entry.riskScore}%
            </Badge>
            {entry.news2 && (
              <Badge variant="outline" color="grape.9" size="lg">
                {news2Label(entry.news2)}
              </Badge>
            )}
          </Group>
        </Group>
        <Text>
          <Text span fw={600}>
            Chief complaint:
          </Text>{' '}
          {entry.chiefComplaint}
        </Text>
        <Text size="sm">{entry.aiAssessment}</Text>
        {shown.length > 0 && (
          <Group gap={6} aria-label="Recommendations">
            {shown.map((r) => (
              <Badge key={r.id} variant="light" color="blue" radius="sm" tt="none">
                {r.title}
              </Badge>
            ))}
            {more > 0 && (
              <Badge variant="transparent" color="dark" tt="none">
                +{more} more
              </Badge>
            )}
          </Group>
        )}
        <Group gap="sm" mt={4}>
          <Button variant="default" onClick={() => onDetails(entry.id)}>
            View Details
          </Button>
          {onStartCare && entry.status === 'waiting' && (
            <Button onClick={() => onStartCare(entry.id)} loading={starting} color={tone === 'red' ? 'red' : undefined}>
              Start Care
            </Button>
          )}
          <PageAction
            patientId={entry.patientId}
            patientName={entry.patientName}
            queueEntryId={entry.id}
            ariaLabel={`Page about ${entry.patientName}`}
          />
        </Group>
      </Stack>
    </Card>
  );
});
