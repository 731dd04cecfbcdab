import { useQueryClient } from '@tanstack/react-query';
import { tenantStorage } from '../client';
import type { TenantRef } from '../tenant';
import { invalidateForEvent, LIVE_EVENT_NAMES } from './live-resources';
import { LIVE_RECONNECTED, useLiveEvents, type LiveEvent } from './use-live-events';

/**
 * Keeps every view of shared data live: each event of the stream (and every reconnection, when
 * events may have been missed) invalidates the queries it concerns (see `LIVE_RESOURCES`), on
 * whichever screen they are shown. Staff listen to `/api/events` of the tenant (the stored choice
 * unless the caller names an organization), anonymous boards to `/api/events/public`, which only
 * says that a clinic's queue changed. `enabled` false keeps the stream closed; `onEvent` hears each
 * event's type (the member's notification pop-ups). The spec's polls
 * stay as the fallback. Returns whether the stream is open.
 */
export function useLiveUpdates(
  audience: 'staff' | 'public',
  tenant: TenantRef = {},
  enabled = true,
  onEvent?: (type: string) => void,
): { connected: boolean } {
  const client = useQueryClient();
  // As the calls themselves do: the caller's organization (and clinic) alone, else the stored selection.
  const named = Boolean(tenant.organizationId) || audience === 'public';
  const stored = named ? {} : tenantStorage.get();
  const organizationId = named ? tenant.organizationId : stored.organizationId;
  const clinicId = named ? tenant.clinicId : stored.clinicId;
  const query = new URLSearchParams();
  if (organizationId) query.set('organizationId', organizationId);
  if (clinicId) query.set('clinicId', clinicId);
  const url = enabled ? `${audience === 'public' ? '/api/events/public' : '/api/events'}?${query}` : null;

  return useLiveEvents(url, LIVE_EVENT_NAMES, (name, event) => {
    if (name === LIVE_RECONNECTED) return void invalidateForEvent(client, name, null);
    // The public stream names no tenant: its events are those of the board's organization and clinic.
    const scoped: LiveEvent =
      audience === 'public' ? { type: name, organizationId: organizationId ?? '', clinicId } : (event ?? { type: name, organizationId: '' });
    void invalidateForEvent(client, name, scoped);
    onEvent?.(name);
  });
}
