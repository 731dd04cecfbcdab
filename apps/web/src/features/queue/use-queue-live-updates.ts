import { useQueryClient } from '@tanstack/react-query';
import { tenantStorage } from '../../api/client';
import { useLiveEvents, type LiveEvent } from '../../ui/useLiveEvents';
import { queueKeys, type QueueTenant } from './api/queue-keys';

const QUEUE_EVENTS = ['queue.updated'] as const;

/**
 * Keeps the queue screens live: each `queue.updated` event of the watched clinic (and every
 * reconnection, when events may have been missed) reloads the queue queries. Staff listen to
 * `/api/events`, anonymous boards to `/api/events/public`; the 30 s poll stays as the fallback.
 */
export function useQueueLiveUpdates(audience: 'staff' | 'public', tenant: QueueTenant) {
  const client = useQueryClient();
  // As the queue's own calls do: the URL's organization (and clinic) alone, else the stored selection.
  const named = Boolean(tenant.organizationId) || audience === 'public';
  const stored = named ? {} : tenantStorage.get();
  const organizationId = named ? tenant.organizationId : stored.organizationId;
  const clinicId = named ? tenant.clinicId : stored.clinicId;
  const query = new URLSearchParams();
  if (organizationId) query.set('organizationId', organizationId);
  if (clinicId) query.set('clinicId', clinicId);
  const url = `${audience === 'public' ? '/api/events/public' : '/api/events'}?${query}`;

  return useLiveEvents(url, QUEUE_EVENTS, (_name, event: LiveEvent | null) => {
    if (event?.clinicId && clinicId && event.clinicId !== clinicId) return;
    void client.invalidateQueries({ queryKey: queueKeys.all });
  });
}
