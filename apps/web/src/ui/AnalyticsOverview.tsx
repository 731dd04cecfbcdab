import type { AnalyticsOverviewDto } from '@clinic/domain/contracts/analytics';
import { ANALYTICS_PERIODS, type AnalyticsFigureName, type AnalyticsPeriod } from '@clinic/domain/rules/analytics';
import { Card, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyState } from './EmptyState';
import { QueryState } from './QueryState';

/** What the widget shows: the figures and the currency of Revenue/Patient. */
export interface AnalyticsOverviewData {
  analytics: AnalyticsOverviewDto;
  currency: string;
}

const PERIOD_LABELS: Record<AnalyticsPeriod, string> = { week: 'Week', month: 'Month', quarter: 'Quarter' };

/** Each card: its label and how its value reads (platform-core: n/5, currency with 2 decimals, minutes). */
const CARDS: ReadonlyArray<{ name: AnalyticsFigureName; label: string; format: (v: number, currency: string) => string }> = [
  { name: 'patientSatisfaction', label: 'Patient Satisfaction', format: (v) => `${v.toFixed(1)}/5` },
  { name: 'aiAccuracy', label: 'AI Accuracy', format: (v) => `${v.toFixed(1)}%` },
  { name: 'treatmentEfficiency', label: 'Treatment Efficiency', format: (v) => `${v.toFixed(1)}%` },
  {
    name: 'revenuePerPatient',
    label: 'Revenue/Patient',
    format: (v, currency) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v),
  },
  { name: 'totalVisits', label: 'Total Visits', format: (v) => v.toLocaleString('en-US') },
  { name: 'avgTreatmentTime', label: 'Avg Treatment Time', format: (v) => `${Math.round(v)} min` },
  { name: 'resourceUtilization', label: 'Resource Utilization', format: (v) => `${v.toFixed(1)}%` },
];

/** A green dark enough for small text on white (Mantine's green.9 falls short of 4.5:1). */
const TREND_UP = '#216e39';

/** The trend line: an arrow (green up for zero or more, red down below), one decimal, "from last {period}". */
function Trend({ trend, period }: { trend: number | null; period: AnalyticsPeriod }) {
  if (trend === null) {
    return (
      <Text size="sm" c="gray.7">
        No data from last {period}
      </Text>
    );
  }
  const up = trend >= 0;
  return (
    <Text size="sm" c={up ? TREND_UP : 'red.9'} data-trend={up ? 'up' : 'down'}>
      <span aria-hidden>{up ? '▲' : '▼'} </span>
      <span>
        {up ? '+' : '−'}
        {Math.abs(trend).toFixed(1)}% from last {period}
      </span>
    </Text>
  );
}

function Cards({ data }: { data: AnalyticsOverviewData }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      {CARDS.map((c) => {
        const figure = data.analytics[c.name];
        return (
          <Card key={c.name} withBorder padding="md" role="group" aria-label={c.label}>
            <Text size="sm" c="gray.7" fw={500}>
              {c.label}
            </Text>
            <Text fz={26} fw={700} lh={1.3}>
              {figure.value === null ? 'No data' : c.format(figure.value, data.currency)}
            </Text>
            <Trend trend={figure.trend} period={figure.period} />
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

function Loading() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} role="status" aria-label="Loading analytics">
      {CARDS.map((c) => (
        <Skeleton key={c.name} height={96} />
      ))}
    </SimpleGrid>
  );
}

/**
 * The Analytics Overview widget (platform-core): seven cards with their trends, a period choice,
 * and the spec's loading, empty ("No analytics data available") and error (with Retry) states.
 * It draws the query it is given; the caller owns the query and its 5-minute refresh.
 */
export function AnalyticsOverview({
  query,
  period,
  onPeriodChange,
  errorMessage,
}: {
  query: UseQueryResult<AnalyticsOverviewData, Error>;
  period: AnalyticsPeriod;
  onPeriodChange: (period: AnalyticsPeriod) => void;
  errorMessage: (error: Error) => string;
}) {
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} fz="h3">
          Analytics Overview
        </Title>
        <SegmentedControl
          aria-label="Analytics period"
          value={period}
          onChange={(v) => onPeriodChange(v as AnalyticsPeriod)}
          data={ANALYTICS_PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))}
        />
      </Group>
      <QueryState
        query={query}
        loading={<Loading />}
        errorMessage={errorMessage}
        isEmpty={(d) => !d.analytics.totalVisits.value}
        empty={<EmptyState title="No analytics data available" />}
      >
        {(data) => <Cards data={data} />}
      </QueryState>
    </Stack>
  );
}
