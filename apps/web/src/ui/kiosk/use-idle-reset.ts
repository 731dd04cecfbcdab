import { useEffect, useRef } from 'react';

/** How long a kiosk waits without a touch, a key or typing before it goes back to its first screen. */
export const KIOSK_IDLE_MS = 60_000;

/**
 * Calls `onIdle` once `ms` pass without a pointer, key or input event while `active` (the kiosk
 * is past its first screen), so no personal data stays on screen for the next person.
 */
export function useIdleReset(active: boolean, onIdle: () => void, ms = KIOSK_IDLE_MS) {
  const latest = useRef(onIdle);
  useEffect(() => {
    latest.current = onIdle;
  });
  useEffect(() => {
    if (!active) return;
    let timer = window.setTimeout(() => latest.current(), ms);
    const restart = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => latest.current(), ms);
    };
    const events = ['pointerdown', 'keydown', 'input', 'wheel', 'touchstart'] as const;
    for (const e of events) document.addEventListener(e, restart, { passive: true, capture: true });
    return () => {
      window.clearTimeout(timer);
      for (const e of events) document.removeEventListener(e, restart, { capture: true });
    };
  }, [active, ms]);
}
