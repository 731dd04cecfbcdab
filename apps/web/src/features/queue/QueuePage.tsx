import { isAllowed } from '@clinic/domain/rules/access';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useSession } from '../../api/session';
import { useAppliedSettings } from '../../api/user-settings';
import { TimeFormatContext } from '../../ui/time-format';
import { PublicQueueBoard } from './PublicQueueBoard';

// Staff code loads only for staff: an anonymous board never downloads the manager.
const QueueManager = lazy(() => import('./QueueManager').then((m) => ({ default: m.QueueManager })));

function Loading() {
  return (
    <main>
      <Center mih="60vh">
        <Stack align="center" gap="xs">
          <Loader aria-hidden />
          <Text>Loading queue...</Text>
        </Stack>
      </Center>
    </main>
  );
}

/**
 * The Queue Manager, with the member's 12h or 24h choice for its times: this page is outside the
 * staff shell, which provides it elsewhere.
 */
function StaffQueue() {
  const { timeFormat } = useAppliedSettings().appearance;
  return (
    <TimeFormatContext value={timeFormat}>
      <Suspense fallback={<Loading />}>
        <QueueManager />
      </Suspense>
    </TimeFormatContext>
  );
}

/**
 * /queue and /cds-queue (public): signed-in staff allowed to manage the queue get the Queue Manager;
 * everyone else the de-identified board of the URL's organization and clinic.
 */
export function QueuePage() {
  const session = useSession();
  if (session.isPending) return <Loading />;
  const signedIn = Boolean(session.data);
  if (signedIn && isAllowed(session.data?.organizationUser, { permission: 'canManageQueue' })) {
    return <StaffQueue />;
  }
  return <PublicQueueBoard signedIn={signedIn} />;
}
