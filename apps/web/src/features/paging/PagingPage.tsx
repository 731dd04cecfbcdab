import { PAGING_ACCESS } from '@clinic/domain/rules/route-access';
import { screenRefusal } from '@clinic/domain/rules/screen-access';
import { Center, Group, Loader, Stack, Tabs, Title } from '@mantine/core';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../api/session';
import { HistoryTab } from './components/HistoryTab';
import { InboxTab } from './components/InboxTab';
import { PageTimeline } from './components/PageTimeline';
import { PagingStats } from './components/PagingStats';
import type { PagingViewer } from './lib/page-display';
import { PageButton } from './PageButton';

// The on-call rota editor (Admins and Managers) loads when its tab is opened.
const OnCallRotas = lazy(() => import('./rota/OnCallRotas').then((m) => ({ default: m.OnCallRotas })));

type Tab = 'inbox' | 'history' | 'on-call';
interface TabProps {
  viewer: PagingViewer | null;
  onOpen: (id: string) => void;
}
const TABS: ReadonlyArray<{ value: Tab; label: string; rotaOnly?: boolean; render: (props: TabProps) => ReactNode }> = [
  { value: 'inbox', label: 'Inbox', render: (p) => <InboxTab {...p} /> },
  { value: 'history', label: 'History', render: (p) => <HistoryTab {...p} /> },
  {
    // The on-call rotas: who is on call for each role, edited by Managers and above (PAGING_ACCESS.rota).
    value: 'on-call',
    label: 'On call',
    rotaOnly: true,
    render: () => (
      <Suspense
        fallback={
          <Center py="md">
            <Loader aria-label="Loading the on-call rotas" />
          </Center>
        }
      >
        <OnCallRotas />
      </Suspense>
    ),
  },
];

/**
 * /paging (every role but Viewer): the clinic's paging day in figures, the member's inbox, the
 * clinic's history with filters, each page's timeline, a New Page button, and for Managers and
 * above the on-call rotas. Every list refreshes live (`paging.updated`).
 */
export function PagingPage() {
  const session = useSession();
  const member = session.data?.organizationUser;
  const viewer: PagingViewer | null = member ? { memberId: member.id, role: member.role } : null;
  const mayEditRotas = screenRefusal({ member, features: session.data?.features ?? [] }, PAGING_ACCESS.rota) === null;
  const tabs = TABS.filter((t) => !t.rotaOnly || mayEditRotas);
  const [params, setParams] = useSearchParams();
  const tab = tabs.find((t) => t.value === params.get('tab'))?.value ?? 'inbox';
  const [viewing, setViewing] = useState<string | null>(null);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1}>Paging</Title>
        <PageButton label="New Page" variant="default" size="md" />
      </Group>
      <PagingStats />
      <Tabs
        value={tab}
        onChange={(next) =>
          setParams((p) => {
            p.set('tab', next ?? 'inbox');
            return p;
          })
        }
        keepMounted={false}
      >
        <Tabs.List aria-label="Paging">
          {tabs.map(({ value, label }) => (
            <Tabs.Tab key={value} value={value}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map(({ value, render }) => (
          <Tabs.Panel key={value} value={value} pt="md">
            {render({ viewer, onOpen: setViewing })}
          </Tabs.Panel>
        ))}
      </Tabs>
      <PageTimeline id={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}
