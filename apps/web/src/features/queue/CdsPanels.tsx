import type { QueueEntryDto, QueueStatsDto } from '@clinic/domain/contracts/triage';
import { URGENCY_LEVELS } from '@clinic/domain/rules/risk-score';
import { Group, List, Progress, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { StatCard } from '../../ui/StatCard';
import { ToneBadge, URGENCY_COLORS, urgencyLabel } from '../../ui/UrgencyBadge';
import { allRecommendations, guidelineUse } from './entry-display';

/** Recommendation priorities in the urgency palette. */
const PRIORITY_TONES = {
  critical: URGENCY_COLORS.emergency,
  high: URGENCY_COLORS.urgent,
  medium: URGENCY_COLORS.medium,
  low: URGENCY_COLORS.low,
} as const;

/** CDS Recommendations: every recommendation across the open entries, most pressing first. */
export function CdsRecommendations({ patients }: { patients: QueueEntryDto[] }) {
  const rows = allRecommendations(patients);
  if (rows.length === 0) return <Text c="gray.7">No recommendations for the current queue</Text>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Priority</Table.Th>
            <Table.Th>Recommendation</Table.Th>
            <Table.Th>Patient</Table.Th>
            <Table.Th>Why</Table.Th>
            <Table.Th>Evidence</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={`${r.patientId}-${r.id}`}>
              <Table.Td>
                <ToneBadge tone={PRIORITY_TONES[r.priority]}>{r.priority}</ToneBadge>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {r.title}
                </Text>
                <Text size="xs">{r.description}</Text>
              </Table.Td>
              <Table.Td>{r.patientName}</Table.Td>
              <Table.Td>{r.rationale}</Table.Td>
              <Table.Td>
                <Text size="xs">
                  Level {r.evidenceLevel} · {r.source}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Clinical Guidelines: the distinct guidelines behind the current recommendations. */
export function ClinicalGuidelines({ patients }: { patients: QueueEntryDto[] }) {
  const guidelines = guidelineUse(patients);
  if (guidelines.length === 0) return <Text c="gray.7">No guidelines apply to the current queue</Text>;
  return (
    <List spacing="sm">
      {guidelines.map((g) => (
        <List.Item key={g.guideline}>
          <Text fw={600}>{g.guideline}</Text>
          <Text size="sm" c="gray.7">
            Applies to {g.patients.length} {g.patients.length === 1 ? 'patient' : 'patients'}: {g.patients.join(', ')}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

/** CDS Analytics: the queue's figures and its spread by urgency. */
export function CdsAnalytics({ patients, stats }: { patients: QueueEntryDto[]; stats: QueueStatsDto }) {
  const waiting = patients.filter((p) => p.status === 'waiting');
  const withNews2 = waiting.filter((p) => p.news2);
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <StatCard label="Average Risk Score" value={stats.averageRiskScore} />
        <StatCard label="Emergency Cases" value={stats.emergencyCases} />
        <StatCard label="Urgent Cases" value={stats.urgentCases} />
        <StatCard label="In Progress" value={stats.totalInProgress} />
        <StatCard label="Doctors Available" value={stats.doctorsAvailable} />
        <StatCard
          label="Guideline Compliance"
          value={stats.guidelineCompliance === null ? 'No data yet' : `${stats.guidelineCompliance}%`}
          hint="Care started within the target wait of the risk band"
        />
        <StatCard label="Patients with NEWS2" value={`${withNews2.length} of ${waiting.length}`} />
        <StatCard label="Needing Immediate Attention" value={waiting.filter((p) => p.requiresImmediateAttention).length} />
      </SimpleGrid>
      <div>
        <Text fw={600} mb="xs">
          Waiting patients by urgency
        </Text>
        <Stack gap={6}>
          {URGENCY_LEVELS.map((level) => {
            const count = waiting.filter((p) => p.urgencyLevel === level).length;
            return (
              <Group key={level} gap="sm" wrap="nowrap">
                <Text size="sm" w={90}>
                  {urgencyLabel(level)}
                </Text>
                <Progress
                  value={waiting.length ? (count / waiting.length) * 100 : 0}
                  color={URGENCY_COLORS[level].color}
                  style={{ flex: 1 }}
                  aria-label={`${urgencyLabel(level)}: ${count}`}
                />
                <Text size="sm" w={30} ta="right">
                  {count}
                </Text>
              </Group>
            );
          })}
        </Stack>
      </div>
    </Stack>
  );
}
