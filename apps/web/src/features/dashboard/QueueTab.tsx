import type { QueueEntryDto } from '@clinic/domain/contracts/triage';
import { Card, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ErrorState } from '../../ui/StateScreens';
import { useDashboardQueue } from './api/get-waiting-room';

/** The three columns of the Queue Manager tab, by the urgency the risk rules derive. */
const COLUMNS: Array<{ title: string; levels: QueueEntryDto['urgencyLevel'][] }> = [
  { title: 'Emergency', levels: ['emergency'] },
  { title: 'Urgent', levels: ['urgent', 'high'] },
  { title: 'Routine', levels: ['medium', 'low'] },
];

/** The waiting patients of the clinic in three columns: Emergency, Urgent, Routine. */
export function QueueTab({ tenant, allowed }: { tenant: { organizationId?: string; clinicId?: string }; allowed: boolean }) {
  const queue = useDashboardQueue(tenant, allowed);
  if (!allowed) return <Text c="dimmed">Your role does not include the patient queue (permission canManageQueue).</Text>;
  if (queue.isPending) return <Loader aria-label="Loading the queue" />;
  if (queue.isError) return <ErrorState message={`Failed to load queue data: ${queue.error.message}`} onRetry={() => queue.refetch()} />;
  const waiting = queue.data.filter((p) => p.status === 'waiting');
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      {COLUMNS.map((column) => {
        const entries = waiting.filter((p) => column.levels.includes(p.urgencyLevel));
        return (
          <Card key={column.title} withBorder>
            <Title order={3} fz="h4" mb="xs">
              {column.title} ({entries.length})
            </Title>
            <Stack gap="xs">
              {entries.length === 0 && <Text c="dimmed">No patients waiting</Text>}
              {entries.map((p) => (
                <div key={p.id}>
                  <Text fw={600}>
                    #{p.queueNumber} {p.patientName}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {p.chiefComplaint} · waiting {p.waitTime} min · risk {p.riskScore}%
                  </Text>
                </div>
              ))}
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
