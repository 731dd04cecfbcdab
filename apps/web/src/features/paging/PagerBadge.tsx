import { Badge, Button, Loader, Menu, Popover, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { tenantKey } from '../../api/tenant';
import { useOpenPages } from './api/open-pages';
import { usePageAlerts } from './lib/use-page-alerts';

// The list and its Acknowledge load on the first opening: the shell carries only the count.
const InboxMenu = lazy(() => import('./components/InboxMenu').then((m) => ({ default: m.InboxMenu })));

/** The open count beside "Pages" (red while an urgent or emergency page is open); read from the button's name, so hidden from screen readers. */
function OpenCount({ total, pressing }: { total: number | undefined; pressing: boolean }) {
  if (!total) return null;
  return (
    <Badge size="sm" circle={total < 10} color={pressing ? 'red.9' : 'blue.8'} aria-hidden>
      {total > 99 ? '99+' : String(total)}
    </Badge>
  );
}
/** The button's name: "Pages, 2 open" once the count is known. */
const pagesLabel = (total: number | undefined) => (total === undefined ? 'Pages' : `Pages, ${total} open`);

/**
 * The header's pager: a "Pages" button with the count of the member's open pages, opening their
 * inbox (each page with Acknowledge, and a link to /paging). It announces each page that reaches
 * the member while the app is open (`usePageAlerts`). The app shows it to members who may page.
 */
export function PagerBadge() {
  const open = useOpenPages();
  const [opened, setOpened] = useState(false);
  usePageAlerts(open.data?.pages, JSON.stringify(tenantKey()));
  const total = open.data?.total;
  const pressing = open.data?.pages.some((p) => p.priority !== 'routine') ?? false;
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow shadow="md" width={360} trapFocus returnFocus withRoles={false}>
      <Popover.Target>
        <Button
          variant="default"
          size="xs"
          px="xs"
          onClick={() => setOpened((o) => !o)}
          aria-label={pagesLabel(total)}
          aria-haspopup="dialog"
          aria-expanded={opened}
          leftSection={<IconBell size={16} aria-hidden />}
          rightSection={<OpenCount total={total} pressing={pressing} />}
        >
          <Text span inherit visibleFrom="sm">
            Pages
          </Text>
        </Button>
      </Popover.Target>
      {/* Named by its own title, not by the button (Mantine's default roles would name it "Pages, 2 open"). */}
      <Popover.Dropdown role="dialog" aria-label="Open pages" p="sm">
        {opened && (
          <Suspense fallback={<Loader size="sm" aria-label="Loading your pages" />}>
            <InboxMenu pages={open.data?.pages ?? []} total={total ?? 0} loading={open.isPending} onClose={() => setOpened(false)} />
          </Suspense>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

/** The user menu's "Pages" entry: the count of the member's open pages, to /paging. */
export function PagerMenuItem() {
  const total = useOpenPages().data?.total;
  return (
    <Menu.Item
      component={Link}
      to="/paging"
      aria-label={pagesLabel(total)}
      leftSection={<IconBell size={16} aria-hidden />}
      rightSection={<OpenCount total={total} pressing={false} />}
    >
      Pages
    </Menu.Item>
  );
}
