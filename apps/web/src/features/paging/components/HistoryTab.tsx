import { PAGE_PRIORITIES, PAGE_STATUSES } from '@clinic/domain/rules/paging';
import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { usePagingRecipients } from '../api/queries';
import { NO_FILTERS, historyQuery, type HistoryFilters } from '../lib/history-filters';
import { PRIORITY_LABELS, STATUS_LABELS, type PagingViewer } from '../lib/page-display';
import { PageList } from './PageList';

/** The clinic's pages, newest first, filtered by status, priority, recipient and dates, a page at a time. */
export function HistoryTab({ viewer, onOpen }: { viewer: PagingViewer | null; onOpen: (id: string) => void }) {
  const [filters, setFilters] = useState<HistoryFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const recipients = usePagingRecipients();
  const query = historyQuery(filters, page);
  const set = <K extends keyof HistoryFilters>(key: K, value: HistoryFilters[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };
  const any = { value: '', label: 'Any' };
  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap" role="search" aria-label="Filter the history">
        <NativeSelect
          label="Status"
          value={filters.status}
          data={[any, ...PAGE_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))]}
          onChange={(e) => set('status', e.currentTarget.value as HistoryFilters['status'])}
        />
        <NativeSelect
          label="Priority"
          value={filters.priority}
          data={[any, ...PAGE_PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))]}
          onChange={(e) => set('priority', e.currentTarget.value as HistoryFilters['priority'])}
        />
        <NativeSelect
          label="Recipient"
          value={filters.recipient}
          data={[
            { value: '', label: 'Anyone' },
            { value: 'me', label: 'Me' },
            ...(recipients.data ?? []).map((r) => ({ value: r.memberId, label: `${r.name} · ${r.role}` })),
          ]}
          onChange={(e) => set('recipient', e.currentTarget.value)}
        />
        <TextInput label="From" type="date" value={filters.from} onChange={(e) => set('from', e.currentTarget.value)} />
        <TextInput label="To" type="date" value={filters.to} onChange={(e) => set('to', e.currentTarget.value)} error={query.problem} />
        <Button variant="subtle" onClick={() => (setFilters(NO_FILTERS), setPage(1))} disabled={filters === NO_FILTERS}>
          Clear Filters
        </Button>
      </Group>
      {query.params && (
        <PageList
          params={query.params}
          onPage={setPage}
          label="Page history"
          viewer={viewer}
          inbox={false}
          onOpen={onOpen}
          empty="No pages match these filters"
        />
      )}
    </Stack>
  );
}
