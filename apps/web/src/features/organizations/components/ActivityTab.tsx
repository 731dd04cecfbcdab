import { Card, Group, Pagination, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { QueryState } from '../../../ui/QueryState';
import { useFormatTime } from '../../../ui/time-format';
import { ACTIVITY_PAGE_SIZE, useOrganizationActivity } from '../api/get-activity';

/** The Activity tab: the organization's audit events that are activity, newest first, a page at a time. */
export function ActivityTab() {
  const formatTime = useFormatTime();
  const [page, setPage] = useState(1);
  const activity = useOrganizationActivity(page);
  return (
    <QueryState query={activity} loadingLabel="Loading activity" isEmpty={(d) => d.total === 0} empty={<Text>No recent activity</Text>}>
      {(data) => (
        <Stack gap="sm">
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Organization activity">
            {data.activities.map((a) => (
              <Card component="li" key={a.id} withBorder padding="sm">
                <Group justify="space-between" wrap="nowrap">
                  <div>
                    <Text fw={500}>{a.title}</Text>
                    <Text size="sm">{a.description}</Text>
                  </div>
                  <Text size="sm" c="dimmed" title={formatTime(a.at, { date: 'numeric' })}>
                    {a.timeAgo}
                  </Text>
                </Group>
              </Card>
            ))}
          </Stack>
          {data.total > ACTIVITY_PAGE_SIZE && (
            <Pagination
              total={Math.ceil(data.total / ACTIVITY_PAGE_SIZE)}
              value={page}
              onChange={setPage}
              aria-label="Activity pages"
              getControlProps={(c) => ({ 'aria-label': c === 'next' ? 'Next page' : c === 'previous' ? 'Previous page' : c })}
            />
          )}
        </Stack>
      )}
    </QueryState>
  );
}
