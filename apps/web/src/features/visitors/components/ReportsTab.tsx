import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Banner } from '../../../ui/Banner';
import { BarListChart } from '../../../ui/BarListChart';
import { viewerToday } from '../../../ui/calendar-today';
import { QueryState } from '../../../ui/QueryState';
import { useVisitorsPerDay } from '../api/get-visitors-per-day';

/** "Mon, Nov 23" for a `YYYY-MM-DD` day (read as that calendar day, not an instant). */
const dayLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A bar per day, labelled "Mon, Nov 23". */
const dayBars = (days: ReadonlyArray<{ date: string; count: number }>) =>
  days.map((d) => ({ key: d.date, label: dayLabel(d.date), count: d.count }));

/** Visitors per day over a date range (the last 14 days at first), and the same range as CSV. */
export function ReportsTab() {
  const [from, setFrom] = useState(() => viewerToday(-13));
  const [to, setTo] = useState(() => viewerToday());
  const report = useVisitorsPerDay(from, to);
  const reversed = from !== '' && to !== '' && to < from;
  const href = `/api/visitors/export.csv?${new URLSearchParams({ from, to })}`;
  return (
    <Stack gap="md">
      <Group align="flex-end">
        <TextInput label="From" type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        <TextInput label="To" type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        <Button component="a" href={href} download variant="light" disabled={reversed || !from || !to}>
          Export CSV
        </Button>
      </Group>
      {reversed ? (
        <Banner>The end date must not be before the start date.</Banner>
      ) : (
        <Card withBorder>
          <Title order={2} fz="lg" mb="sm">
            Visitors per Day
          </Title>
          <QueryState query={report}>
            {(r) => (
              <Stack gap={6}>
                <Text fw={600}>
                  {r.total} {r.total === 1 ? 'visitor' : 'visitors'} from {dayLabel(r.from)} to {dayLabel(r.to)}
                </Text>
                <BarListChart label="Visitors per day" bars={dayBars(r.days)} labelWidth={110} seriesLabel="Visitors" />
              </Stack>
            )}
          </QueryState>
        </Card>
      )}
    </Stack>
  );
}
