import { VISITOR_STATUS_FILTERS } from '@clinic/domain/contracts/visitors';
import { Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { QueryState } from '../../../ui/QueryState';
import { useVisitors } from '../api/get-visitors';
import { VisitorTable } from './VisitorTable';

/** The Visitors tab: search by name, badge or patient, filter by status. */
export function VisitorsTab({ onView }: { onView: (id: string) => void }) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<(typeof VISITOR_STATUS_FILTERS)[number]>('All');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const list = useVisitors({ search: debounced || undefined, status, page: 1, limit: 100 });
  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Search visitors"
          placeholder="Name, badge number or patient"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          miw={280}
        />
        <NativeSelect
          label="Status"
          data={VISITOR_STATUS_FILTERS.map((s) => ({ value: s, label: s }))}
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value as typeof status)}
        />
      </Group>
      <QueryState query={list} isEmpty={(d) => d.visitors.length === 0} empty={<Text c="gray.7">No visitors found</Text>}>
        {(d) => <VisitorTable visitors={d.visitors} onView={onView} label="Visitors" />}
      </QueryState>
    </Stack>
  );
}
