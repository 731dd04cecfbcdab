import { Center, Pagination, Stack, Text } from '@mantine/core';
import { QueryState } from '../../../ui/QueryState';
import { usePageHistory, type PageHistoryParams } from '../api/queries';
import type { PagingViewer } from '../lib/page-display';
import { PageTable } from './PageTable';

/** A page of pages read with `params` (filters, page and size), its table, and the page numbers under it. */
export function PageList({
  params,
  onPage,
  label,
  viewer,
  inbox,
  onOpen,
  empty,
}: {
  params: PageHistoryParams & { page: number; pageSize: number };
  onPage: (page: number) => void;
  label: string;
  viewer: PagingViewer | null;
  inbox: boolean;
  onOpen: (id: string) => void;
  empty: string;
}) {
  const list = usePageHistory(params);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / params.pageSize)) : 1;
  return (
    <QueryState query={list} loadingLabel={`Loading ${label.toLowerCase()}`} isEmpty={(d) => d.total === 0} empty={<Text c="gray.7">{empty}</Text>}>
      {(d) => (
        <Stack gap="xs">
          <PageTable pages={d.pages} label={label} viewer={viewer} inbox={inbox} onOpen={onOpen} />
          {pages > 1 && (
            <Center component="nav" aria-label={`${label} pages`}>
              <Pagination
                total={pages}
                value={Math.min(params.page, pages)}
                onChange={onPage}
                getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
                getControlProps={(control) => ({ 'aria-label': `${control[0].toUpperCase()}${control.slice(1)} page` })}
              />
            </Center>
          )}
          <Text size="sm" c="gray.7">
            {d.total} {d.total === 1 ? 'page' : 'pages'}
          </Text>
        </Stack>
      )}
    </QueryState>
  );
}
