/** How a day is written: "November 28, 2026", "Nov 28, 2026" or "11/28/2026". */
export type DayStyle = 'long' | 'medium' | 'numeric';

const DAY_PARTS = {
  long: { dateStyle: 'long' },
  medium: { year: 'numeric', month: 'short', day: 'numeric' },
  numeric: { year: 'numeric', month: 'numeric', day: 'numeric' },
} as const satisfies Record<DayStyle, Intl.DateTimeFormatOptions>;

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The day of a calendar date (`YYYY-MM-DD`, kept as it is: a birth date does not move across
 * timezones) or of an instant (an ISO string or a `Date`, in the browser's timezone); `fallback`
 * when there is none. Every day a screen shows without its time goes through here.
 */
export function formatDay(value: string | Date | null | undefined, style: DayStyle = 'medium', fallback = ''): string {
  if (!value) return fallback;
  const calendar = typeof value === 'string' && CALENDAR_DATE.test(value);
  const at = typeof value === 'string' ? new Date(calendar ? `${value}T00:00:00Z` : value) : value;
  if (Number.isNaN(at.getTime())) return typeof value === 'string' ? value : fallback;
  return at.toLocaleDateString('en-US', { ...DAY_PARTS[style], ...(calendar ? { timeZone: 'UTC' } : {}) });
}

/** An amount in a currency's smallest unit (cents) as money: "$49.00". */
export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}
