import { List, Text } from '@mantine/core';
import type { TenantRef } from '../../api/tenant';
import { EmptyState } from '../../ui/EmptyState';
import { QueryState } from '../../ui/QueryState';
import { TimeText } from '../../ui/TimeText';
import { useEntryHistory } from './api/get-entry-history';
import { statusLabel } from './entry-display';

/** An entry's queue history: each change with its time, status move and note. */
export function EntryHistory({ entryId, tenant }: { entryId: string; tenant: TenantRef }) {
  const history = useEntryHistory(entryId, tenant);
  return (
    <QueryState
      query={history}
      loading={<Text size="sm">Loading history...</Text>}
      errorMessage={(error) => `Failed to load history: ${error.message}`}
      isEmpty={(transitions) => transitions.length === 0}
      empty={<EmptyState compact title="No changes recorded" />}
    >
      {(transitions) => (
        <List size="sm">
          {transitions.map((t, i) => (
            <List.Item key={`${t.at}-${i}`}>
              <TimeText value={t.at} />: {t.action}
              {t.fromStatus && t.fromStatus !== t.toStatus ? ` (${statusLabel(t.fromStatus)} → ${statusLabel(t.toStatus)})` : ''}
              {t.note ? ` · ${t.note}` : ''}
            </List.Item>
          ))}
        </List>
      )}
    </QueryState>
  );
}
