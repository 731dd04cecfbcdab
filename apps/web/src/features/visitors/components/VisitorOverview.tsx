import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { QueryState } from '../../../ui/QueryState';
import { StatCard } from '../../../ui/StatCard';
import { useFormatTime } from '../../../ui/time-format';
import { useVisitorStats } from '../api/get-visitor-stats';
import { useVisitors } from '../api/get-visitors';
import { BarListChart } from '../../../ui/BarListChart';
import { VisitorTable } from './VisitorTable';

/** The Overview tab: today's figures, peak hours, departments and the five most recent visitors. */
export function VisitorOverview({ onView }: { onView: (id: string) => void }) {
  const stats = useVisitorStats();
  const recent = useVisitors({ limit: 5, page: 1 });
  const formatTime = useFormatTime();
  // An hour of the organization's day (0-23) as a wall time in the member's 12h or 24h choice.
  const hourLabel = (hour: number) => formatTime(new Date(2000, 0, 1, hour), { seconds: false });
  const s = stats.data;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <StatCard label="Total Visitors Today" value={s?.totalVisitorsToday ?? '—'} loading={stats.isPending} />
        <StatCard label="Currently Checked In" value={s?.currentlyCheckedIn ?? '—'} loading={stats.isPending} />
        <StatCard
          label="Average Visit Duration"
          value={s?.averageVisitDuration == null ? 'No data' : `${s.averageVisitDuration} min`}
          loading={stats.isPending}
        />
        <StatCard
          label="Satisfaction"
          value={s?.visitorSatisfaction == null ? 'No data' : `${s.visitorSatisfaction}/5`}
          loading={stats.isPending}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Title order={2} fz="lg" mb="sm">
            Peak Hours
          </Title>
          <QueryState query={stats} isEmpty={(d) => d.peakHours.length === 0} empty={<Text c="gray.7">No visitors yet today</Text>}>
            {(d) => (
              <BarListChart
                label="Check-ins per hour today"
                bars={d.peakHours.map((h) => ({ key: h.hour, label: hourLabel(h.hour), count: h.count }))}
                labelWidth={80}
                seriesLabel="Check-ins"
              />
            )}
          </QueryState>
        </Card>
        <Card withBorder>
          <Title order={2} fz="lg" mb="sm">
            Most Visited Departments
          </Title>
          <QueryState query={stats} isEmpty={(d) => d.mostVisitedDepartments.length === 0} empty={<Text c="gray.7">No data</Text>}>
            {(d) => (
              <Stack gap={4}>
                {d.mostVisitedDepartments.map((dep) => (
                  <Group key={dep.department} justify="space-between">
                    <Text>{dep.department}</Text>
                    <Text fw={600}>{dep.count}</Text>
                  </Group>
                ))}
              </Stack>
            )}
          </QueryState>
        </Card>
      </SimpleGrid>
      <Card withBorder>
        <Title order={2} fz="lg" mb="sm">
          Recent Visitors
        </Title>
        <QueryState query={recent} isEmpty={(d) => d.visitors.length === 0} empty={<Text c="gray.7">No visitors yet</Text>}>
          {(d) => <VisitorTable visitors={d.visitors} onView={onView} label="Recent visitors" />}
        </QueryState>
      </Card>
    </Stack>
  );
}
