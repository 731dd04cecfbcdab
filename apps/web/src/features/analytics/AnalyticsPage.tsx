import { analyticsRangeQuery } from '@clinic/domain/contracts/analytics';
import type { AnalyticsPeriod } from '@clinic/domain/rules/analytics';
import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { analyticsErrorMessage, useAnalyticsOverview } from '../../api/analytics-overview';
import { useSession } from '../../api/session';
import { AnalyticsOverview } from '../../ui/AnalyticsOverview';
import { useZodForm } from '../../ui/use-zod-form';
import { AnalyticsCharts } from './AnalyticsCharts';
import type { DateRange } from './api/get-analytics-report';

/** The range picker: two local dates, applied together; empty means the last 30 days. */
function RangePicker({ range, onApply }: { range: DateRange; onApply: (range: DateRange) => void }) {
  const form = useZodForm({
    schema: analyticsRangeQuery,
    toInput: (v: { from: string; to: string }) => ({ from: v.from || undefined, to: v.to || undefined }),
    initialValues: { from: range.from ?? '', to: range.to ?? '' },
  });
  const { from, to } = form.getValues();
  // Told as the dates are typed, before the contract is asked.
  const reversed = Boolean(from && to && from > to);
  const submit = form.onSubmit((r) => {
    if (!reversed) onApply({ from: r.from, to: r.to });
  });
  return (
    <form onSubmit={submit} aria-label="Date range">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput type="date" label="From" {...form.getInputProps('from')} max={to || undefined} />
        <TextInput
          type="date"
          label="To"
          {...form.getInputProps('to')}
          min={from || undefined}
          error={reversed ? 'The end date must not be before the start date' : form.errors.to}
        />
        <Button type="submit" variant="light" disabled={reversed}>
          Apply
        </Button>
        <Button
          variant="subtle"
          onClick={() => {
            form.setValues({ from: '', to: '' });
            onApply({});
          }}
        >
          Last 30 days
        </Button>
      </Group>
    </form>
  );
}

/** /analytics: the Analytics Overview widget and the charts of a date range. */
export function AnalyticsPage() {
  const session = useSession();
  const tenant = { organizationId: session.data?.organization?.id, clinicId: session.data?.clinic?.id };
  const [period, setPeriod] = useState<AnalyticsPeriod>('week');
  const [range, setRange] = useState<DateRange>({});
  const overview = useAnalyticsOverview(tenant, period);
  return (
    <Stack maw={1200} mx="auto" gap="lg">
      <div>
        <Anchor component={Link} to="/dashboard" size="sm">
          ← Back to Dashboard
        </Anchor>
        <Title order={1}>Analytics Dashboard</Title>
      </div>
      {!tenant.organizationId ? (
        <Text>You are not part of an organization yet.</Text>
      ) : (
        <>
          <AnalyticsOverview query={overview} period={period} onPeriodChange={setPeriod} errorMessage={analyticsErrorMessage} />
          <Title order={2} fz="h3">
            Trends
          </Title>
          <RangePicker range={range} onApply={setRange} />
          <AnalyticsCharts tenant={tenant} range={range} />
        </>
      )}
    </Stack>
  );
}
