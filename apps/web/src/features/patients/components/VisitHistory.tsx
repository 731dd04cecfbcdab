import type { VisitDto } from '@clinic/domain/contracts/patients';
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { EmptyState } from '../../../ui/EmptyState';
import { StatusChip } from '../../../ui/StatusChip';
import { TimeText } from '../../../ui/TimeText';
import { VISIT_PRIORITY_LABELS, VISIT_STATUS_LABELS, VISIT_TYPE_LABELS } from '../lib/visit-form';

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} c={value ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
        {value || 'Not recorded'}
      </Text>
    </div>
  );
}

/** The visits of a patient, newest first: date, type, priority, doctor, wait, status and the notes. */
export function VisitHistory({ visits }: { visits: VisitDto[] }) {
  if (visits.length === 0) return <EmptyState compact title="No visits recorded yet." />;
  return (
    <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Visits">
      {visits.map((v) => (
        <Card key={v.id} withBorder component="li" padding="md">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={3} size="h5">
              <TimeText value={v.date} date="medium" seconds={false} />
            </Title>
            <Group gap={6}>
              <Badge variant="light" c="dark.8">
                {VISIT_TYPE_LABELS[v.type]}
              </Badge>
              <StatusChip status={v.priority} variant="light">
                {VISIT_PRIORITY_LABELS[v.priority]} priority
              </StatusChip>
              <StatusChip status={v.status} variant="light">
                {VISIT_STATUS_LABELS[v.status]}
              </StatusChip>
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" mt="xs" mb={0} spacing="xs">
            <Detail label="Doctor" value={v.doctor} />
            <Detail label="Wait Time" value={v.waitTime === null ? 'Not recorded' : `${v.waitTime} min`} />
            <Detail label="Symptoms" value={v.symptoms} />
            <Detail label="Diagnosis" value={v.diagnosis} />
            <Detail label="Treatment" value={v.treatment} />
            <Detail label="Notes" value={v.notes} />
          </SimpleGrid>
        </Card>
      ))}
    </Stack>
  );
}
