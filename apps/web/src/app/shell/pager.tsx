import { PAGING_ACCESS } from '@clinic/domain/rules/route-access';
import { lazy, Suspense, type ReactNode } from 'react';
import { useSession } from '../../api/session';
import { useAllowed } from '../../api/session/use-allowed';

// One small chunk, loaded with the shell's first screen for members who may page: the count and its alerts.
const loadPager = () => import('../../features/paging/PagerBadge');
const PagerBadge = lazy(() => loadPager().then((m) => ({ default: m.PagerBadge })));
const PagerMenuItem = lazy(() => loadPager().then((m) => ({ default: m.PagerMenuItem })));

/** Whether the member has a pager: PAGING_ACCESS.page (every role but Viewer, on a plan with paging), past any second-factor enrolment. */
function useHasPager(): boolean {
  const allowed = useAllowed(PAGING_ACCESS.page);
  const enrolling = useSession().data?.security?.mfaEnrolmentRequired ?? false;
  return allowed && !enrolling;
}

/** Shows `children` (a part of the pager's chunk) to members with a pager only. */
function WithPager({ children }: { children: ReactNode }) {
  if (!useHasPager()) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}

/** The header's "Pages" button with the open count and the inbox, for members with a pager. */
export const HeaderPager = () => (
  <WithPager>
    <PagerBadge />
  </WithPager>
);

/** The user menu's "Pages" entry with the open count, for members with a pager. */
export const PagerMenuEntry = () => (
  <WithPager>
    <PagerMenuItem />
  </WithPager>
);
