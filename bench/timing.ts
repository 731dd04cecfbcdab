/** Figures shared by the benchmarks: timing one call, a series' percentiles and their printing. */

/** A figure with `digits` decimals; '-' when there is none (no runs, a division by zero). */
export const fmt = (x: number, digits = 2) => (Number.isFinite(x) ? x.toFixed(digits) : '-');

/** The median, the 95th percentile and the throughput of sequential runs (ms each). */
export function summary(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  const total = ms.reduce((a, b) => a + b, 0);
  return { p50: at(0.5), p95: at(0.95), perSecond: (ms.length / total) * 1000 };
}

/** How long one call takes to settle, in ms. */
export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** Prints the API's sequential runs next to the baseline's (`baselineLabel`, e.g. "bare query") and their ratio. */
export function printAgainstBaseline(baselineLabel: string, baseline: number[], api: number[]) {
  const b = summary(baseline);
  const a = summary(api);
  console.log(`  ${baselineLabel.padEnd(12)} p50 ${fmt(b.p50)} ms  p95 ${fmt(b.p95)} ms  ${fmt(b.perSecond)} /s`);
  console.log(`  API          p50 ${fmt(a.p50)} ms  p95 ${fmt(a.p95)} ms  ${fmt(a.perSecond)} /s`);
  console.log(`  ratio API/bare  p50 x${fmt(a.p50 / b.p50)}  p95 x${fmt(a.p95 / b.p95)}`);
}
