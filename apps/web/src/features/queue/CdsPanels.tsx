import type { QueueEntryDto, QueueStatsDto } from '@clinic/domain/contracts/queue';
import { URGENCY_LEVELS } from '@clinic/domain/rules/risk-score';
import { Group, List, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { EmptyState } from '../../ui/EmptyState';
import { StatCard } from '../../ui/StatCard';
import { StatusChip } from '../../ui/StatusChip';
import { URGENCY_COLORS, urgencyLabel } from '../../ui/UrgencyBadge';
import { allRecommendations, guidelineUse, PRIORITY_RANK } from './entry-display';

type RecommendationRow = ReturnType<typeof allRecommendations>[number];

/** Columns of the recommendations table; priority and patient sort. */
const RECOMMENDATION_COLUMNS: DataTableColumn<RecommendationRow>[] = [
  { key: 'priority', header: 'Priority', cell: (r) => <StatusChip status={r.priority} />, sortValue: (r) => PRIORITY_RANK[r.priority] },
  {
    key: 'recommendation',
    header: 'Recommendation',
    cell: (r) => (
      <>
        <Text size="sm" fw={600}>
          {r.title}
        </Text>
        <Text size="xs">{r.description}</Text>
      </>
    ),
  },
  { key: 'patient', header: 'Patient', cell: (r) => r.patientName, sortValue: (r) => r.patientName },
  { key: 'why', header: 'Why', cell: (r) => r.rationale },
  {
    key: 'evidence',
    header: 'Evidence',
    cell: (r) => (
      <Text size="xs">
        Level {r.evidenceLevel} · {r.source}
      </Text>
    ),
  },
];

/** CDS Recommendations: every recommendation across the open entries, most pressing first. */
export function CdsRecommendations({ patients }: { patients: QueueEntryDto[] }) {
  const rows = allRecommendations(patients);
  if (rows.length === 0) return <EmptyState compact title="No recommendations for the current queue" />;
  return (
    <DataTable
      label="CDS Recommendations"
      columns={RECOMMENDATION_COLUMNS}
      rows={rows}
      rowKey={(r) => `${r.patientId}-${r.id}`}
      minWidth={720}
      striped
      withTableBorder
    />
  );
}

/** Clinical Guidelines: the distinct guidelines behind the current recommendations. */
export function ClinicalGuidelines({ patients }: { patients: QueueEntryDto[] }) {
  const guidelines = guidelineUse(patients);
  if (guidelines.length === 0) return <EmptyState compact title="No guidelines apply to the current queue" />;
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
