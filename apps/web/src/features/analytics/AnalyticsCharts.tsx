import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import type { UrgencyLevel } from '@clinic/domain/rules/risk-levels';
import { Box, Card, ColorSwatch, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { TenantRef } from '../../api/tenant';
import { DataTable } from '../../ui/DataTable';
import { EmptyState } from '../../ui/EmptyState';
import { QueryState } from '../../ui/QueryState';
import { exportUrl, useAnalyticsReport, type AnalyticsReports, type DateRange } from './api/get-analytics-report';
import { ChartCard } from './ChartCard';

const URGENCY_LABELS: Record<UrgencyLevel, string> = { emergency: 'Emergency', urgent: 'Urgent', high: 'High', medium: 'Medium', low: 'Low' };
const URGENCY_COLORS: Record<UrgencyLevel, string> = { emergency: 'red.8', urgent: 'orange.7', high: 'yellow.6', medium: 'blue.6', low: 'teal.6' };
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const CHART_HEIGHT = 260;

const hourLabel = (h: number) => `${((h + 11) % 12) + 1} ${h < 12 ? 'AM' : 'PM'}`;
const minutes = (m: number | null) => (m === null ? 'No data' : `${m} min`);

function VisitsPerDay({ data, csvHref }: { data: AnalyticsReports['overview']; csvHref: string }) {
  return (
    <ChartCard
      title="Visits per day"
      description={`${data.totals.visits} visits, ${data.totals.completed} completed, median wait ${minutes(data.totals.medianWaitMinutes)}`}
      csvHref={csvHref}
      chart={
        <LineChart
          h={CHART_HEIGHT}
          data={data.visitsPerDay}
          dataKey="date"
          series={[
            { name: 'visits', label: 'Visits', color: 'blue.7' },
            { name: 'completed', label: 'Completed', color: 'teal.7' },
          ]}
          withLegend
          lineChartProps={{ accessibilityLayer: false }}
          curveType="monotone"
          withDots={false}
        />
      }
      table={
        <DataTable
          label="Visits per day"
          rowKey={(d) => d.date}
          rows={data.visitsPerDay}
          pageSize={31}
          columns={[
            { key: 'date', header: 'Date', cell: (d) => d.date, sortValue: (d) => d.date },
            { key: 'visits', header: 'Visits', cell: (d) => d.visits, sortValue: (d) => d.visits },
            { key: 'completed', header: 'Completed', cell: (d) => d.completed, sortValue: (d) => d.completed },
          ]}
        />
      }
    />
  );
}

function WaitByUrgency({ data, csvHref }: { data: AnalyticsReports['triage']; csvHref: string }) {
  const rows = data.urgency.map((u) => ({ ...u, label: URGENCY_LABELS[u.level] }));
  return (
    <ChartCard
      title="Median wait by urgency"
      description="Minutes from check-in to start of care"
      csvHref={csvHref}
      chart={
        <BarChart
          h={CHART_HEIGHT}
          data={rows.map((r) => ({ label: r.label, wait: r.medianWaitMinutes ?? 0 }))}
          dataKey="label"
          series={[{ name: 'wait', label: 'Median wait (min)', color: 'indigo.7' }]}
          barChartProps={{ accessibilityLayer: false }}
        />
      }
      table={
        <DataTable
          label="Median wait by urgency"
          rowKey={(r) => r.level}
          rows={rows}
          columns={[
            { key: 'level', header: 'Urgency', cell: (r) => r.label },
            { key: 'wait', header: 'Median wait', cell: (r) => minutes(r.medianWaitMinutes), sortValue: (r) => r.medianWaitMinutes ?? -1 },
            { key: 'visits', header: 'Visits', cell: (r) => r.visits, sortValue: (r) => r.visits },
          ]}
        />
      }
    />
  );
}

function UrgencyMix({ data, csvHref }: { data: AnalyticsReports['triage']; csvHref: string }) {
  const total = data.urgency.reduce((s, u) => s + u.visits, 0);
  const share = (n: number) => (total ? `${((n / total) * 100).toFixed(1)}%` : '0%');
  const agreement = data.aiAgreement.compared ? `${((data.aiAgreement.matched / data.aiAgreement.compared) * 100).toFixed(1)}%` : 'No data';
  return (
    <ChartCard
      title="Triage level mix"
      description={`AI urgency agreed with the clinician's final priority in ${agreement} of ${data.aiAgreement.compared} completed visits`}
      csvHref={csvHref}
      chart={
        <Stack gap="xs" align="center">
          <DonutChart
            h={CHART_HEIGHT}
            mx="auto"
            withLabelsLine
            withLabels
            pieChartProps={{ accessibilityLayer: false }}
            pieProps={{ rootTabIndex: -1 }}
            data={data.urgency
              .filter((u) => u.visits > 0)
              .map((u) => ({ name: URGENCY_LABELS[u.level], value: u.visits, color: URGENCY_COLORS[u.level] }))}
          />
          <Group gap="md" justify="center">
            {data.urgency.map((u) => (
              <Group key={u.level} gap={6}>
                <ColorSwatch color={`var(--mantine-color-${URGENCY_COLORS[u.level].replace('.', '-')})`} size={12} />
                <Text size="sm">{URGENCY_LABELS[u.level]}</Text>
              </Group>
            ))}
          </Group>
        </Stack>
      }
      table={
        <DataTable
          label="Triage level mix"
          rowKey={(u) => u.level}
          rows={data.urgency}
          columns={[
            { key: 'level', header: 'Urgency', cell: (u) => URGENCY_LABELS[u.level] },
            { key: 'visits', header: 'Visits', cell: (u) => u.visits, sortValue: (u) => u.visits },
            { key: 'share', header: 'Share', cell: (u) => share(u.visits), sortValue: (u) => u.visits },
          ]}
        />
      }
    />
  );
}

const HEAT_RGB = [20, 80, 160];
const channel = (c: number) => {
  const v = c / 255;
  return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
};

/** A cell's shade for a share of the busiest cell, and black or white text, whichever contrasts more. */
function heatShade(share: number): { background: string; color: string } {
  const rgb = HEAT_RGB.map((c) => Math.round(255 - (255 - c) * share * 0.95));
  const l = 0.2126 * channel(rgb[0]) + 0.7152 * channel(rgb[1]) + 0.0722 * channel(rgb[2]);
  const onWhite = 1.05 / (l + 0.05);
  const onBlack = (l + 0.05) / 0.05;
  return { background: `rgb(${rgb.join(', ')})`, color: onWhite > onBlack ? '#fff' : '#000' };
}

/** The busiest hours: a weekday-by-hour grid whose cells darken with the check-ins they count. */
function BusiestHours({ data, csvHref }: { data: AnalyticsReports['patients']; csvHref: string }) {
  const cells = new Map(data.busiestHours.map((c) => [`${c.weekday}-${c.hour}`, c.visits]));
  const hours = [...new Set(data.busiestHours.map((c) => c.hour))].sort((a, b) => a - b);
  const max = Math.max(1, ...data.busiestHours.map((c) => c.visits));
  const grid = (
    // Scrolls sideways on narrow screens: focusable, so a keyboard can scroll it.
    <Box style={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-label="Busiest hours grid">
      <Table withTableBorder withColumnBorders fz="xs" ta="center" aria-label="Busiest hours: check-ins by weekday and hour">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Weekday</Table.Th>
            {hours.map((h) => (
              <Table.Th key={h} scope="col">
                {hourLabel(h)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {WEEKDAYS.map((day, weekday) => (
            <Table.Tr key={day}>
              <Table.Th scope="row">{day}</Table.Th>
              {hours.map((h) => {
                const n = cells.get(`${weekday}-${h}`) ?? 0;
                const shade = heatShade(n / max);
                return (
                  <Table.Td key={h} style={{ background: shade.background, color: shade.color }}>
                    {n}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
  return <ChartCard title="Busiest hours" description="Check-ins by weekday and hour of the day" csvHref={csvHref} table={grid} />;
}

function TopComplaints({ data, csvHref }: { data: AnalyticsReports['patients']; csvHref: string }) {
  return (
    <ChartCard
      title="Top chief complaints"
      csvHref={csvHref}
      chart={
        <BarChart
          h={CHART_HEIGHT + 60}
          data={data.topComplaints}
          dataKey="complaint"
          orientation="vertical"
          yAxisProps={{ width: 170 }}
          series={[{ name: 'visits', label: 'Visits', color: 'grape.7' }]}
          barChartProps={{ accessibilityLayer: false }}
        />
      }
      table={
        <DataTable
          label="Top chief complaints"
          rowKey={(c) => c.complaint}
          rows={data.topComplaints}
          columns={[
            { key: 'complaint', header: 'Chief complaint', cell: (c) => c.complaint, sortValue: (c) => c.complaint },
            { key: 'visits', header: 'Visits', cell: (c) => c.visits, sortValue: (c) => c.visits },
          ]}
        />
      }
    />
  );
}

function Business({ data }: { data: AnalyticsReports['business'] }) {
  const money = (v: number | null) =>
    v === null ? 'No data' : new Intl.NumberFormat('en-US', { style: 'currency', currency: data.currency }).format(v);
  const ratings = data.ratings.reduce((s, r) => s + r.count, 0);
  return (
    <Stack gap="xs">
      <Text size="sm">
        Total {money(data.revenue)} · per patient {money(data.revenuePerPatient)} · average rating{' '}
        {data.averageRating === null ? 'No data' : `${data.averageRating.toFixed(1)}/5`} from {ratings} ratings · doctor utilization{' '}
        {data.resourceUtilization === null ? 'No data' : `${data.resourceUtilization.toFixed(1)}%`}
      </Text>
      <DataTable
        label="Revenue by visit type"
        rowKey={(t) => t.visitType}
        rows={data.byVisitType}
        columns={[
          { key: 'type', header: 'Visit type (final priority)', cell: (t) => URGENCY_LABELS[t.visitType] },
          { key: 'visits', header: 'Completed visits', cell: (t) => t.visits, sortValue: (t) => t.visits },
          { key: 'revenue', header: 'Revenue', cell: (t) => money(t.revenue), sortValue: (t) => t.revenue ?? -1 },
        ]}
      />
    </Stack>
  );
}

/** The page's charts over a range; each report loads (and fails) on its own. */
export function AnalyticsCharts({ tenant, range }: { tenant: TenantRef; range: DateRange }) {
  const overview = useAnalyticsReport(tenant, 'overview', range);
  const triage = useAnalyticsReport(tenant, 'triage', range);
  const patients = useAnalyticsReport(tenant, 'patients', range);
  const business = useAnalyticsReport(tenant, 'business', range);
  const csv = (report: Parameters<typeof exportUrl>[1]) => exportUrl(tenant, report, range);
  const failed = (what: string) => (error: Error) => `Failed to load ${what}: ${error.message}`;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <QueryState query={overview} errorMessage={failed('visits')}>
        {(d) => <VisitsPerDay data={d} csvHref={csv('visits-per-day')} />}
      </QueryState>
      <QueryState query={triage} errorMessage={failed('triage figures')}>
        {(d) => <WaitByUrgency data={d} csvHref={csv('wait-by-urgency')} />}
      </QueryState>
      <QueryState query={triage} errorMessage={failed('triage figures')}>
        {(d) => <UrgencyMix data={d} csvHref={csv('urgency-mix')} />}
      </QueryState>
      <QueryState
        query={patients}
        errorMessage={failed('patient figures')}
        isEmpty={(d) => d.busiestHours.length === 0}
        empty={<EmptyState title="No visits in this range" />}
      >
        {(d) => <BusiestHours data={d} csvHref={csv('busiest-hours')} />}
      </QueryState>
      <QueryState query={patients} errorMessage={failed('patient figures')}>
        {(d) => <TopComplaints data={d} csvHref={csv('top-complaints')} />}
      </QueryState>
      <QueryState query={business} errorMessage={failed('business figures')}>
        {(d) => (
          <Card withBorder padding="md" component="section" aria-labelledby="revenue-title">
            <Title order={3} fz="h4" mb="xs" id="revenue-title">
              Revenue by visit type
            </Title>
            <Business data={d} />
          </Card>
        )}
      </QueryState>
    </SimpleGrid>
  );
}
