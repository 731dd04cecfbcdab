import type { QueueEntryDto, QueueStatsDto } from '@clinic/domain/contracts/queue';
import { URGENCY_LEVELS } from '@clinic/domain/rules/risk-score';
import { List, Stack, Text } from '@mantine/core';
import { BarListChart } from '../../ui/BarListChart';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { EmptyState } from '../../ui/EmptyState';
import { StatGrid } from '../../ui/StatGrid';
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
      <StatGrid
        cols={{ base: 2, md: 4 }}
        stats={[
          { label: 'Average Risk Score', value: stats.averageRiskScore },
          { label: 'Emergency Cases', value: stats.emergencyCases },
          { label: 'Urgent Cases', value: stats.urgentCases },
          { label: 'In Progress', value: stats.totalInProgress },
          { label: 'Doctors Available', value: stats.doctorsAvailable },
          {
            label: 'Guideline Compliance',
            value: stats.guidelineCompliance === null ? 'No data yet' : `${stats.guidelineCompliance}%`,
            hint: 'Care started within the target wait of the risk band',
          },
          { label: 'Patients with NEWS2', value: `${withNews2.length} of ${waiting.length}` },
          { label: 'Needing Immediate Attention', value: waiting.filter((p) => p.requiresImmediateAttention).length },
        ]}
      />
      <div>
        <Text fw={600} mb="xs">
          Waiting patients by urgency
        </Text>
        <BarListChart
          label="Waiting patients by urgency"
          labelWidth={90}
          seriesLabel="Waiting patients"
          bars={URGENCY_LEVELS.map((level) => ({
            key: level,
            label: urgencyLabel(level),
            count: waiting.filter((p) => p.urgencyLevel === level).length,
            color: URGENCY_COLORS[level].color,
          }))}
        />
      </div>
    </Stack>
  );
}
