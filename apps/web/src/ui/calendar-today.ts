import { addDays, localDate } from '@clinic/domain/rules/clinic-time';

/** The browser's own time zone: a screen's dates are the viewer's unless the clinic's are given. */
const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Today's calendar date (`YYYY-MM-DD`) on the viewer's calendar, or `days` from it (negative:
 * before): a form's default day, a report's default range.
 */
export function viewerToday(days = 0): string {
  const today = localDate(viewerZone());
  return days ? addDays(today, days) : today;
}
