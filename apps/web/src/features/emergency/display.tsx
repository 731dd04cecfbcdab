import type { Tone } from '../../ui/StatusChip';
import { TimeText } from '../../ui/TimeText';

/** Alert status chip: ACTIVE red, RESOLVED green, any other yellow (spec 2.2, Alerts). */
export function alertStatusTone(status: string): Tone {
  if (status === 'ACTIVE') return { color: 'red.9', text: 'white' };
  if (status === 'RESOLVED') return { color: 'teal.9', text: 'white' };
  return { color: 'yellow.5', text: 'black' };
}

/** Mass-casualty status chip: ACTIVE red, otherwise green. */
export function eventStatusTone(status: string): Tone {
  return status === 'ACTIVE' ? { color: 'red.9', text: 'white' } : { color: 'teal.9', text: 'white' };
}

/** START colours as chips. */
export const TRIAGE_TONES: Record<string, Tone> = {
  RED: { color: 'red.9', text: 'white' },
  YELLOW: { color: 'yellow.5', text: 'black' },
  GREEN: { color: 'teal.9', text: 'white' },
  BLACK: { color: 'dark.9', text: 'white' },
};

/** A figure, or "No data" when the server has none. */
export const orNoData = (value: number | null | undefined, suffix = '') =>
  value === null || value === undefined ? 'No data' : `${value}${suffix}`;

/** A time of day from an ISO instant, in the member's 12h or 24h choice; "—" when absent. */
export const timeOf = (iso: string | null | undefined) => <TimeText value={iso} />;

/** A small trend line of readings (oldest first); gaps are skipped. */
export function Sparkline({ values, label }: { values: Array<number | null>; label: string }) {
  const points = values.map((v, i) => [i, v] as const).filter((p): p is readonly [number, number] => p[1] !== null);
  if (points.length < 2) return null;
  const w = 60;
  const h = 18;
  const min = Math.min(...points.map((p) => p[1]));
  const max = Math.max(...points.map((p) => p[1]));
  const span = max - min || 1;
  const step = w / Math.max(1, values.length - 1);
  const d = points.map(([i, v]) => `${(i * step).toFixed(1)},${(h - 2 - ((v - min) / span) * (h - 4)).toFixed(1)}`).join(' ');
  return (
    <svg width={w} height={h} viewBox={`0 0 ${w} ${h}`} role="img" aria-label={`${label} trend: ${points.map((p) => p[1]).join(', ')}`}>
      <polyline points={d} fill="none" stroke="currentColor" strokeWidth={1.5} />
    </svg>
  );
}
