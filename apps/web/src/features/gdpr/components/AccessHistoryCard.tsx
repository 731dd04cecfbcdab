import { Paper, Table, Text, Title } from '@mantine/core';
import { EmptyState } from '../../../ui/EmptyState';
import { QueryState } from '../../../ui/QueryState';
import { ACCESS_HISTORY_SHOWN, useAccessHistory } from '../api/get-access-history';
import { formatDateTime } from '../labels';

/** Who read or changed the patient's record, and when (the accounting of disclosures): Admins only. */
export function AccessHistoryCard({ patientId }: { patientId: string }) {
  const history = useAccessHistory(patientId);
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        Access History
      </Title>
      <QueryState
        query={history}
        loadingLabel="Loading access history"
        isEmpty={(d) => d.events.length === 0}
        empty={<EmptyState compact title="No access recorded." />}
      >
        {({ events, total }) => (
          <>
            <Table.ScrollContainer minWidth={560}>
              <Table aria-label="Access history" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>When</Table.Th>
                    <Table.Th>Who</Table.Th>
                    <Table.Th>Action</Table.Th>
                    <Table.Th>Address</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {events.map((e) => (
                    <Table.Tr key={e.id}>
                      <Table.Td>{formatDateTime(e.at)}</Table.Td>
                      <Table.Td>{e.actor ?? 'System'}</Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace">
                          {e.action}
                        </Text>
                      </Table.Td>
                      <Table.Td>{e.ip ?? ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {total > ACCESS_HISTORY_SHOWN && (
              <Text size="sm" c="dimmed" mt="xs">
                Showing the latest {ACCESS_HISTORY_SHOWN} of {total} entries.
              </Text>
            )}
          </>
        )}
      </QueryState>
    </Paper>
  );
}
