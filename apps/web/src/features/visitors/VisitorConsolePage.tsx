import { Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { BadgesTab } from './components/BadgesTab';
import { ReportsTab } from './components/ReportsTab';
import { VisitorDetail } from './components/VisitorDetail';
import { VisitorOverview } from './components/VisitorOverview';
import { VisitorsTab } from './components/VisitorsTab';

/** What a tab gets: how to open a visitor's details, and the badge number the URL names. */
interface TabProps {
  onView: (id: string) => void;
  badge: string | null;
}

const TABS = [
  { value: 'overview', label: 'Overview', render: ({ onView }: TabProps) => <VisitorOverview onView={onView} /> },
  { value: 'visitors', label: 'Visitors', render: ({ onView }: TabProps) => <VisitorsTab onView={onView} /> },
  { value: 'badges', label: 'Badges', render: ({ onView, badge }: TabProps) => <BadgesTab initial={badge} onView={onView} /> },
  { value: 'reports', label: 'Reports', render: () => <ReportsTab /> },
] as const;
type Tab = (typeof TABS)[number]['value'];

/**
 * /visitors and /visitor-management (canManageVisitors): the console. Overview (today's figures,
 * peak hours, departments, the five most recent), Visitors (search, status, table with View and
 * Check Out; View opens the detail with the visit history, check-out with a rating and the
 * restriction), Badges (verify a number, as the badge's QR link opens it; the active badges with
 * Reprint and Revoke) and Reports (visitors per day over a date range, CSV export).
 * Every open console refreshes when anyone checks a visitor in or out (the `visitors.updated` event).
 */
export function VisitorConsolePage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t.value === params.get('tab'))?.value ?? 'overview';
  const [viewing, setViewing] = useState<string | null>(null);
  return (
    <Stack gap="lg">
      <Title order={1}>Visitor Management</Title>
      <Tabs
        value={tab}
        onChange={(next) =>
          setParams((p) => {
            p.set('tab', next ?? 'overview');
            return p;
          })
        }
        keepMounted={false}
      >
        <Tabs.List>
          {TABS.map(({ value, label }) => (
            <Tabs.Tab key={value} value={value}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map(({ value, render }) => (
          <Tabs.Panel key={value} value={value} pt="md">
            {render({ onView: setViewing, badge: params.get('badge') })}
          </Tabs.Panel>
        ))}
      </Tabs>
      <VisitorDetail id={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}
