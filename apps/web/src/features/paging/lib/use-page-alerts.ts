import type { PageDto } from '@clinic/domain/contracts/paging';
import { useEffect, useRef } from 'react';

/**
 * The pages of `pages` that were not there before: none on the first read (`seen` null), when
 * what is already open was known before the screen loaded; afterwards every id not yet seen, a page
 * sent to the member or escalated to them alike.
 */
export function arrivedPages<T extends Pick<PageDto, 'id'>>(seen: ReadonlySet<string> | null, pages: readonly T[]): T[] {
  return seen ? pages.filter((p) => !seen.has(p.id)) : [];
}

/**
 * Announces each page that newly reaches the member (sent or escalated to them) while the app is
 * open: an on-screen notification with its priority and message, the alert tone for urgent and
 * emergency pages, and a browser notification when the person allowed them (`page-alerts.ts`,
 * loaded with the first page that arrives). What was open when the list was first read, or when
 * the clinic changed (`scope`), is not announced.
 */
export function usePageAlerts(pages: readonly PageDto[] | undefined, scope: string): void {
  const seen = useRef<{ scope: string; ids: Set<string> } | null>(null);
  useEffect(() => {
    if (!pages) return;
    const known = seen.current?.scope === scope ? seen.current.ids : null;
    const arrived = arrivedPages(known, pages);
    seen.current = { scope, ids: new Set([...(known ?? []), ...pages.map((p) => p.id)]) };
    if (arrived.length) void import('./page-alerts').then((m) => m.announcePages(arrived));
  }, [pages, scope]);
}
