import { Badge, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useFormatTime } from '../../../ui/time-format';
import { QueryState } from '../../../ui/QueryState';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/get-sessions';

/** The account's sessions, each signed out on its own or all the others at once. */
export function SessionsCard() {
  const sessions = useSessions();
  const formatTime = useFormatTime();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  return (
    <Card withBorder component="section" aria-labelledby="sessions-title">
      <Stack>
        <Group justify="space-between">
          <Title order={2} fz="h3" id="sessions-title">
            Sessions
          </Title>
          <Button variant="outline" size="xs" loading={endOthers.isPending} onClick={() => endOthers.mutate()}>
            Sign Out All Other Sessions
          </Button>
        </Group>
        <QueryState query={sessions}>
          {(rows) => (
            <Table.ScrollContainer minWidth={600}>
              <Table aria-label="Your sessions">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Device</Table.Th>
                    <Table.Th>Address</Table.Th>
                    <Table.Th>Last seen</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((s) => (
                    <Table.Tr key={s.id}>
                      <Table.Td>
                        <Text size="sm" lineClamp={2}>
                          {s.device}
                        </Text>
                      </Table.Td>
                      <Table.Td>{s.address ?? 'Unknown'}</Table.Td>
                      <Table.Td>{formatTime(s.lastSeenAt, { date: 'numeric' })}</Table.Td>
                      <Table.Td>
                        {s.current ? (
                          <Badge color="dark" variant="outline">
                            This device
                          </Badge>
                        ) : (
                          <Button
                            size="xs"
                            variant="subtle"
                            onClick={() => endOne.mutate(s.id)}
                            aria-label={`Sign out the session last seen ${formatTime(s.lastSeenAt, { date: 'numeric' })}`}
                          >
                            Sign out
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryState>
      </Stack>
    </Card>
  );
}
