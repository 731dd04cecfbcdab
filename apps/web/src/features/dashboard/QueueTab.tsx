import type { QueueEntryDto } from '@clinic/domain/contracts/queue';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TenantRef } from '../../api/tenant';
import { useWaitingRoom } from '../../api/waiting-room';
import { EmptyState } from '../../ui/EmptyState';
import { QueryState } from '../../ui/QueryState';

/** The three columns of the Queue Manager tab, by the urgency the risk rules derive. */
const COLUMNS: Array<{ title: string; levels: QueueEntryDto['urgencyLevel'][] }> = [
  { title: 'Emergency', levels: ['emergency'] },
  { title: 'Urgent', levels: ['urgent', 'high'] },
  { title: 'Routine', levels: ['medium', 'low'] },
];

/**
 * The waiting patients of the clinic in three columns: Emergency, Urgent, Routine. It reads the
 * same cached queue as the Queue Manager, so queue events refresh it at once; the 30 s poll stays.
 */
export function QueueTab({ tenant, allowed }: { tenant: TenantRef; allowed: boolean }) {
  const queue = useWaitingRoom(tenant, { enabled: allowed && Boolean(tenant.organizationId) });
  if (!allowed) return <Text c="dimmed">Your role does not include the patient queue (permission canManageQueue).</Text>;
  return (
    <QueryState query={queue} loadingLabel="Loading the queue" errorMessage={(error) => `Failed to load queue data: ${error.message}`}>
      {({ patients }) => {
        const waiting = patients.filter((p) => p.status === 'waiting');
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
                    {entries.length === 0 && <EmptyState compact title="No patients waiting" />}
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
      }}
    </QueryState>
  );
}
