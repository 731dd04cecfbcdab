import { useCallback, useEffect, useRef, useState } from 'react';

/** Notice banners hide after 5 seconds (clinical-workflows section 9). */
export const BANNER_MS = 5_000;

/** A message that hides itself after `ms`, or earlier when dismissed. */
export function useTimedBanner(ms = BANNER_MS, initial: string | null = null) {
  const [message, setMessage] = useState<string | null>(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clear = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  const dismiss = useCallback(() => {
    clear();
    setMessage(null);
  }, [clear]);
  const show = useCallback(
    (text: string) => {
      clear();
      setMessage(text);
      timer.current = setTimeout(() => setMessage(null), ms);
    },
    [clear, ms],
  );

  useEffect(() => {
    if (initial) timer.current = setTimeout(() => setMessage(null), ms);
    return clear;
    // The initial message is timed once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { message, show, dismiss };
}
