import type { PossibleMatchChartDto, PossibleMatchDto, PossibleMatchReason } from '@clinic/domain/contracts/patient-merge';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { Banner } from '../../../ui/Banner';
import { useDismissPossibleMatch } from '../api/dismiss-possible-match';
import { usePossibleMatches } from '../api/get-possible-matches';
import { useMergePossibleMatch } from '../api/merge-possible-match';
import { formatDay } from '../../../ui/date-format';
import { formatDate } from '../lib/format';

const REASONS: Record<PossibleMatchReason, string> = {
  lastName: 'last name',
  firstName: 'first name',
  dateOfBirth: 'date of birth',
  phone: 'phone',
  email: 'e-mail',
};
const SOURCES: Record<string, string> = {
  kiosk: 'the check-in kiosk',
  'emergency-kiosk': 'the emergency kiosk',
  'pediatric-intake': 'the pediatric intake',
};

const describe = (chart: PossibleMatchChartDto) =>
  [`${chart.firstName} ${chart.lastName}`, chart.dateOfBirth && `born ${formatDate(chart.dateOfBirth)}`, chart.phone].filter(Boolean).join(', ');

/**
 * Charts made from public input (kiosks, intake) that look like this one: public input never
 * attaches to an existing chart, so staff decide here. Merging moves the new chart's records to
 * the existing chart and archives the new one; "Not the same person" keeps both. Nothing shows
 * when there is nothing to decide.
 */
export function PossibleMatches({ patientId }: { patientId: string }) {
  const matches = usePossibleMatches(patientId);
  if (!matches.data?.length) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="possible-matches-title">
      <Title order={2} size="h4" mb="sm" id="possible-matches-title">
        Possible Duplicate Charts
      </Title>
      <Stack gap="md">
        {matches.data.map((match) => (
          <PossibleMatch key={match.id} match={match} patientId={patientId} />
        ))}
      </Stack>
    </Paper>
  );
}

function PossibleMatch({ match, patientId }: { match: PossibleMatchDto; patientId: string }) {
  const merge = useMergePossibleMatch();
  const dismiss = useDismissPossibleMatch();
  const navigate = useNavigate();
  const other = match.newChart.id === patientId ? match.existingChart : match.newChart;
  const error = merge.error ?? dismiss.error;
  return (
    <Stack gap="xs">
      <Text size="sm">
        A chart made at {SOURCES[match.source] ?? match.source} on {formatDay(match.createdAt)} ({describe(match.newChart)}) may be the same person
        as the existing chart of {describe(match.existingChart)}. Matching: {match.reasons.map((r) => REASONS[r]).join(', ')}.
      </Text>
      <Anchor component={Link} to={`/patients/${other.id}`} size="sm">
        Open the other chart
      </Anchor>
      {error && <Banner>{error.message}</Banner>}
      <Group gap="sm">
        <Button
          loading={merge.isPending}
          disabled={dismiss.isPending}
          onClick={() => merge.mutate(match.id, { onSuccess: (result) => navigate(`/patients/${result.patientId}`) })}
        >
          Merge into Existing Chart
        </Button>
        <Button variant="default" loading={dismiss.isPending} disabled={merge.isPending} onClick={() => dismiss.mutate(match.id)}>
          Not the Same Person
        </Button>
      </Group>
    </Stack>
  );
}
