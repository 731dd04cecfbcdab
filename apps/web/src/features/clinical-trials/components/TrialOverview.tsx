import type { TrialDto } from '@clinic/domain/contracts/clinical-trials';
import { OVERVIEW_TRIAL_LIMIT } from '@clinic/domain/rules/clinical-trials';
import { Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { EmptyState } from '../../../ui/EmptyState';
import { TrialButtons } from './TrialButtons';

/** The Overview tab: the first trials as cards, with their enrolment progress and actions. */
export function TrialOverview({ trials, onDetails, onSafety }: { trials: TrialDto[]; onDetails: (id: string) => void; onSafety: () => void }) {
  if (!trials.length) return <EmptyState title="No clinical trials yet" />;
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      {trials.slice(0, OVERVIEW_TRIAL_LIMIT).map((t) => (
        <Card key={t.id} withBorder padding="md" radius="md">
          <Stack gap="xs">
            <Title order={2} fz="h4">
              {t.title}
            </Title>
            <Text fz="sm">
              {t.phase} · {t.status} · {t.sponsor}
            </Text>
            <Text fz="sm">PI: {t.principalInvestigator}</Text>
            <Text fz="sm">
              Ages {t.ageRange.min} to {t.ageRange.max} {t.ageRange.unit}
            </Text>
            <Text fz="sm" id={`enrol-${t.id}`}>
              Enrollment: {t.currentEnrollment} / {t.targetEnrollment} ({t.enrollmentPercent}%)
            </Text>
            <Progress value={Math.min(100, t.enrollmentPercent)} aria-label={`Enrollment of ${t.title}: ${t.enrollmentPercent}%`} />
            <Group gap="xs">
              <TrialButtons trial={t} onDetails={onDetails} />
              <Button size="xs" variant="default" onClick={onSafety} aria-label={`Safety Reports of ${t.title}`}>
                Safety Reports
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
