/** The patients benchmark's knobs (environment variables) and goals. */
const env = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
export const PATIENTS = env('BENCH_PATIENTS', 100_000);
export const OTHER_ORGS = env('BENCH_OTHER_ORGS', 10);
export const OTHER_PATIENTS = env('BENCH_OTHER_PATIENTS', 100_000);
export const CONCURRENCY = env('BENCH_CONCURRENCY', 10);
export const DURATION_MS = env('BENCH_DURATION_MS', 8_000);
export const WARMUP_MS = 1_000;
/** Turns each side of a scenario takes, alternating (one while profiling: a profile per scenario). */
export const ROUNDS = process.env.BENCH_CPU_PROFILE ? 1 : env('BENCH_ROUNDS', 4);
export const ORG = 'default-clinic';
/** Comma-separated parts of scenario names to run (all when unset), e.g. `get one,name prefix`. */
export const ONLY = (process.env.BENCH_SCENARIOS ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);

/**
 * With `BENCH_HTTP_CLIENTS=in-process`, the API's HTTP clients run on the server's own event loop
 * (as earlier versions of the benchmark did) instead of a thread of their own: for comparing figures with earlier runs.
 */
export const IN_PROCESS_CLIENTS = process.env.BENCH_HTTP_CLIENTS === 'in-process';

/** The benchmark's goals, printed next to the figures of the run (`report.ts`, goalsOf). */
export const GOALS = { throughputRatio: 0.5, directoryP95Ms: 25 };
