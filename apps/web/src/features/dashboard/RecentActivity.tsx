import { RECENT_ACTIVITY_SHOWN, type ActivityIcon, type ActivityItemDto } from '@clinic/domain/contracts/activity';
import { Button, Card, Center, Group, Modal, Pagination, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import type { TenantRef } from '../../api/tenant';
import { EmptyState } from '../../ui/EmptyState';
import { QueryState } from '../../ui/QueryState';
import { UrgencyBadge } from '../../ui/UrgencyBadge';
import { useRecentActivity, type RecentActivity as RecentActivityPage } from './api/get-recent-activity';

/** Items of one page of the full list. */
const ALL_ACTIVITY_PAGE_SIZE = 20;

/** The glyph and colour of each icon the server names (decorative: the title says what happened). */
const ICONS: Record<ActivityIcon, { glyph: string; color: string }> = {
  'check-in': { glyph: '→', color: 'blue' },
  alert: { glyph: '!', color: 'red' },
  'care-started': { glyph: '▶', color: 'cyan' },
  'care-completed': { glyph: '✓', color: 'teal' },
  admitted: { glyph: 'H', color: 'orange' },
  cancelled: { glyph: '×', color: 'gray' },
  'patient-added': { glyph: '+', color: 'indigo' },
  'patient-discharged': { glyph: '←', color: 'gray' },
  'member-invited': { glyph: '✉', color: 'grape' },
  'member-joined': { glyph: '★', color: 'grape' },
  'visitor-in': { glyph: '↘', color: 'lime' },
  'visitor-out': { glyph: '↗', color: 'lime' },
};

/** The spec's loading state: a skeleton of 4 rows. */
function ActivitySkeleton() {
  return (
    <Stack gap="md" role="status" aria-label="Loading recent activity">
      {[0, 1, 2, 3].map((i) => (
        <Group key={i} wrap="nowrap" data-testid="activity-skeleton-row">
          <Skeleton circle height={32} />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={12} width="60%" />
            <Skeleton height={10} width="85%" />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}

/** Activity items, newest first: icon, title, description, priority and how long ago. */
function ActivityList({ items, label }: { items: ActivityItemDto[]; label: string }) {
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
      {items.map((item) => (
        <Group component="li" key={item.id} wrap="nowrap" align="flex-start" data-priority={item.priority}>
          <ThemeIcon variant="light" radius="xl" size={32} color={ICONS[item.icon].color} aria-hidden>
            <Text fw={700} c="dark.8" lh={1}>
              {ICONS[item.icon].glyph}
            </Text>
          </ThemeIcon>
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600}>{item.title}</Text>
            {item.description && (
              <Text size="sm" c="dimmed">
                {item.description}
              </Text>
            )}
          </Stack>
          <Stack gap={4} align="flex-end">
            <UrgencyBadge level={item.priority} size="sm" />
            <Text size="xs" c="dimmed" component="time" dateTime={item.at} style={{ whiteSpace: 'nowrap' }}>
              {item.timeAgo}
            </Text>
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}

/** The activity's states: its skeleton while loading, the spec's failure and empty texts. */
function ActivityState({
  query,
  children,
}: {
  query: UseQueryResult<RecentActivityPage, Error>;
  children: (data: RecentActivityPage) => ReactNode;
}) {
  return (
    <QueryState
      query={query}
      loading={<ActivitySkeleton />}
      errorMessage={() => 'Failed to load recent activity'}
      isEmpty={(d) => d.activities.length === 0}
      empty={<EmptyState title="No recent activity" description="Activity will appear here as patients check in and receive care" />}
    >
      {children}
    </QueryState>
  );
}

/** "View all activity": every item, a page at a time. */
function AllActivity({ tenant, opened, onClose }: { tenant: TenantRef; opened: boolean; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const query = useRecentActivity(tenant, { limit: ALL_ACTIVITY_PAGE_SIZE, offset: (page - 1) * ALL_ACTIVITY_PAGE_SIZE }, opened);
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / ALL_ACTIVITY_PAGE_SIZE));
  return (
    <Modal opened={opened} onClose={onClose} title="All activity" size="lg">
      <ActivityState query={query}>
        {(data) => (
          <>
            <ActivityList items={data.activities} label={`All activity, page ${Math.min(page, pages)} of ${pages}`} />
            {pages > 1 && (
              <Center mt="md" component="nav" aria-label="All activity pages">
                <Pagination
                  total={pages}
                  value={Math.min(page, pages)}
                  onChange={setPage}
                  size="sm"
                  getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
                  getControlProps={(control) => ({ 'aria-label': `${control[0].toUpperCase()}${control.slice(1)} page` })}
                />
              </Center>
            )}
          </>
        )}
      </ActivityState>
    </Modal>
  );
}

/**
 * The Overview's Recent Activity panel (platform-core, Dashboard): the organization's latest events
 * from the server, what each member may read of them decided there. Polled every 30 s and
 * refreshed at once by the queue, patient and member events of the staff stream.
 */
export function RecentActivity({ tenant }: { tenant: TenantRef }) {
  const headingId = useId();
  const query = useRecentActivity(tenant);
  const [viewAll, setViewAll] = useState(false);
  // Only a click shows the button busy; the 30 s poll and live refreshes happen quietly.
  const [refreshing, setRefreshing] = useState(false);
  const refresh = () => {
    setRefreshing(true);
    void query.refetch().finally(() => setRefreshing(false));
  };
  return (
    <Card withBorder component="section" aria-labelledby={headingId} mt="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h3" id={headingId}>
          Recent Activity
        </Title>
        {query.isSuccess && query.data.activities.length > 0 && (
          <Button variant="subtle" size="compact-sm" onClick={refresh} loading={refreshing}>
            Refresh
          </Button>
        )}
      </Group>
      <ActivityState query={query}>
        {(data) => (
          <>
            <ActivityList items={data.activities.slice(0, RECENT_ACTIVITY_SHOWN)} label="Recent activity" />
            {data.total > RECENT_ACTIVITY_SHOWN && (
              <Button variant="light" mt="md" fullWidth onClick={() => setViewAll(true)}>
                View all activity ({data.total} total)
              </Button>
            )}
          </>
        )}
      </ActivityState>
      <AllActivity tenant={tenant} opened={viewAll} onClose={() => setViewAll(false)} />
    </Card>
  );
}
