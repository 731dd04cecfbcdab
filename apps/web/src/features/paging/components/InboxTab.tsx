import { useState } from 'react';
import { PAGE_SIZE } from '../lib/history-filters';
import type { PagingViewer } from '../lib/page-display';
import { PageList } from './PageList';

/** The caller's inbox: the pages that reached them (sent to them or escalated to them), newest first, with Acknowledge on the open ones. */
export function InboxTab({ viewer, onOpen }: { viewer: PagingViewer | null; onOpen: (id: string) => void }) {
  const [page, setPage] = useState(1);
  return (
    <PageList
      params={{ recipient: 'me', page, pageSize: PAGE_SIZE }}
      onPage={setPage}
      label="My pages"
      viewer={viewer}
      inbox
      onOpen={onOpen}
      empty="No pages for you"
    />
  );
}
