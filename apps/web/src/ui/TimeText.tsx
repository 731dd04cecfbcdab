import { useFormatTime, type TimeDisplay } from './time-format';

/**
 * An instant as a `<time>` in the member's 12h or 24h choice ({@link useFormatTime}), or
 * `fallback` when there is none; usable where a hook is not (a table's cell).
 */
export function TimeText({ value, fallback = '—', ...display }: { value: string | Date | null | undefined; fallback?: string } & TimeDisplay) {
  const format = useFormatTime();
  if (!value) return <>{fallback}</>;
  const at = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(at.getTime())) return <>{fallback}</>;
  return <time dateTime={at.toISOString()}>{format(at, display)}</time>;
}
