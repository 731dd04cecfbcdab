import { useEffect, useRef, useState } from 'react';

/** What a live event carries (see the server's events platform). */
export interface LiveEvent {
  organizationId: string;
  clinicId?: string | null;
  type: string;
  entryId?: string;
  entityId?: string;
  at?: string;
}

/** The name passed to `onEvent` when the stream comes back after a drop: events may have been missed. */
export const LIVE_RECONNECTED = 'reconnected';

/**
 * Listens to a Server-Sent Events stream (`/api/events` or `/api/events/public`) while mounted and
 * calls `onEvent` for each of the named events, and with {@link LIVE_RECONNECTED} after a
 * reconnection. `url` null keeps it closed. Returns whether the stream is open; callers keep
 * polling as the fallback.
 */
export function useLiveEvents(
  url: string | null,
  eventNames: readonly string[],
  onEvent: (name: string, event: LiveEvent | null) => void,
): { connected: boolean } {
  const [connected, setConnected] = useState(false);
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  const names = eventNames.join('|');

  useEffect(() => {
    if (!url || typeof EventSource === 'undefined') return;
    const source = new EventSource(url, { withCredentials: true });
    let openedBefore = false;
    source.onopen = () => {
      setConnected(true);
      if (openedBefore) handler.current(LIVE_RECONNECTED, null);
      openedBefore = true;
    };
    source.onerror = () => setConnected(false);
    const listener = (message: MessageEvent) => {
      let data: LiveEvent | null = null;
      try {
        data = JSON.parse(message.data) as LiveEvent;
      } catch {
        /* an unreadable payload still says something changed */
      }
      handler.current(message.type, data);
    };
    const list = names.split('|').filter(Boolean);
    for (const name of list) source.addEventListener(name, listener);
    return () => {
      for (const name of list) source.removeEventListener(name, listener);
      source.close();
      setConnected(false);
    };
  }, [url, names]);

  return { connected };
}
