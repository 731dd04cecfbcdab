import type { SessionDto } from '@clinic/domain/contracts/account-security';
import { Badge, Button, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable';
import { QueryState } from '../../../ui/QueryState';
import { useFormatTime } from '../../../ui/time-format';
import { TimeText } from '../../../ui/TimeText';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/get-sessions';

/** The account's sessions, each signed out on its own or all the others at once. */
export function SessionsCard() {
  const sessions = useSessions();
  const formatTime = useFormatTime();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const columns: DataTableColumn<SessionDto>[] = [
    {
      key: 'device',
      header: 'Device',
      cell: (s) => (
        <Text size="sm" lineClamp={2}>
          {s.device}
        </Text>
      ),
    },
    { key: 'address', header: 'Address', cell: (s) => s.address ?? 'Unknown' },
    { key: 'lastSeen', header: 'Last seen', cell: (s) => <TimeText value={s.lastSeenAt} date="numeric" /> },
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      cell: (s) =>
        s.current ? (
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
        ),
    },
  ];
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
          {(rows) => <DataTable label="Your sessions" columns={columns} rows={rows} rowKey={(s) => s.id} minWidth={600} />}
        </QueryState>
      </Stack>
    </Card>
  );
}
