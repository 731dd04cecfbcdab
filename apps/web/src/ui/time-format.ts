import { formatTimeOfDay } from '@clinic/domain/rules/settings';
import { createContext, useCallback, useContext } from 'react';

/** How a time is shown: its seconds (default on), and its date before it. */
export type TimeDisplay = NonNullable<Parameters<typeof formatTimeOfDay>[2]>;

/**
 * The member's 12h or 24h choice (Settings, Appearance), provided by the staff shell from their
 * settings; outside it (kiosks, public pages) the default 12h.
 */
export const TimeFormatContext = createContext<'12h' | '24h'>('12h');

/**
 * The formatter of every time a staff screen shows, in the member's 12h or 24h choice: an instant
 * (a `Date` or an ISO string) to its text.
 */
export function useFormatTime(): (value: Date | string, display?: TimeDisplay) => string {
  const timeFormat = useContext(TimeFormatContext);
  return useCallback((value, display) => formatTimeOfDay(typeof value === 'string' ? new Date(value) : value, timeFormat, display), [timeFormat]);
}
