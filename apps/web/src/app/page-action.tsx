import { PAGING_ACCESS } from '@clinic/domain/rules/route-access';
import { screenRefusal } from '@clinic/domain/rules/screen-access';
import { lazy, Suspense, type ReactNode } from 'react';
import { useSession } from '../api/session';
import { PageActionContext, type PageActionProps } from '../ui/page-action';

// Paging's button (small; its form loads on first opening) comes with the first screen that shows one.
const PageButton = lazy(() => import('../features/paging/PageButton').then((m) => ({ default: m.PageButton })));

/** Paging's "Page" button as other features show it (`ui/page-action`). */
function PagingAction(props: PageActionProps) {
  return (
    <Suspense fallback={null}>
      <PageButton {...props} />
    </Suspense>
  );
}

/**
 * Provides the "Page" action of queue cards, patient records and alert rows: paging's button to
 * members who may page (PAGING_ACCESS.page: every role but Viewer, on a plan with paging), nothing
 * to anyone else. The value changes only when that decision does, so memoized cards keep theirs.
 */
export function PageActionProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const allowed = screenRefusal({ member: session.data?.organizationUser, features: session.data?.features ?? [] }, PAGING_ACCESS.page) === null;
  return <PageActionContext.Provider value={allowed ? PagingAction : null}>{children}</PageActionContext.Provider>;
}
