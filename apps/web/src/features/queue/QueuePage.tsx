import { isAllowed } from '@clinic/domain/rules/access';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useSession } from '../../api/session';
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
 * /queue and /cds-queue (public): signed-in staff allowed to manage the queue get the Queue Manager;
 * everyone else the de-identified board of the URL's organization and clinic.
 */
export function QueuePage() {
  const session = useSession();
  if (session.isPending) return <Loading />;
  const signedIn = Boolean(session.data);
  if (signedIn && isAllowed(session.data?.organizationUser, { permission: 'canManageQueue' })) {
    return (
      <Suspense fallback={<Loading />}>
        <QueueManager />
      </Suspense>
    );
  }
  return <PublicQueueBoard signedIn={signedIn} />;
}
