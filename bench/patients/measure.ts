/** The closed loop that drives both sides of a scenario, and what it measures (latency, throughput, CPU). */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import { join } from 'node:path';
import { CONCURRENCY } from './config.js';

export interface Stats {
  count: number;
  errors: number;
  p50: number;
  p95: number;
  perSecond: number;
  /** CPU time per request in this process (server and load generator), microseconds. */
  nodeCpuUs: number;
  /** CPU time per request of the database's backend processes, microseconds (NaN when not readable). */
  pgCpuUs: number;
}

/**
 * CPU time (ms) used so far by each PostgreSQL backend serving `database` (client connections, not
 * autovacuum), read from /proc: only when the server runs on this host and its processes are
 * visible (Linux), else null.
 */
function backendCpu(database: string | undefined): Map<string, number> | null {
  if (!database || process.platform !== 'linux') return null;
  const tick = 10; // USER_HZ is 100 on Linux
  const cpu = new Map<string, number>();
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const title = readFileSync(`/proc/${pid}/cmdline`, 'latin1');
        // "postgres: 15/main: clinic_server t_... 127.0.0.1(port) idle"
        if (!title.startsWith('postgres: ') || !/ \S+ (\S+) \S+\(\d+\)/.test(title) || !title.includes(` ${database} `)) continue;
        const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        cpu.set(pid, (Number(fields[11]) + Number(fields[12])) * tick); // utime, stime
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    return null;
  }
  return cpu.size ? cpu : null;
}

/** CPU ms the backends used between two readings (a backend that ended in between is not counted). */
function backendCpuSince(before: Map<string, number> | null, after: Map<string, number> | null): number {
  if (!before || !after) return NaN;
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** What one stretch of a closed loop measured, before it is summarized. */
export interface Measured {
  latencies: number[];
  errors: number;
  elapsedMs: number;
  /** CPU of this process (server and clients), microseconds. */
  nodeCpuUs: number;
  /** CPU of the database's backends, milliseconds (NaN when not readable). */
  pgMs: number;
}

/** The figures of one or more stretches of the same side of a scenario, taken together. */
export function summarize(parts: Measured[]): Stats {
  const latencies = parts.flatMap((p) => p.latencies).sort((a, b) => a - b);
  const sum = (pick: (p: Measured) => number) => parts.reduce((total, p) => total + pick(p), 0);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  const n = latencies.length;
  return {
    count: n,
    errors: sum((p) => p.errors),
    p50: at(0.5),
    p95: at(0.95),
    perSecond: (n / sum((p) => p.elapsedMs)) * 1000,
    nodeCpuUs: sum((p) => p.nodeCpuUs) / n,
    pgCpuUs: (sum((p) => p.pgMs) * 1000) / n,
  };
}

/** Measures `run` (a stretch of closed loop): its CPU and the database's around it. */
export async function measured(
  database: string | undefined,
  run: () => Promise<{ latencies: number[]; errors: number; elapsedMs: number }>,
): Promise<Measured> {
  const cpu0 = process.cpuUsage();
  const pg0 = backendCpu(database);
  const result = await run();
  const cpu = process.cpuUsage(cpu0);
  return { ...result, nodeCpuUs: cpu.user + cpu.system, pgMs: backendCpuSince(pg0, backendCpu(database)) };
}

/** Runs `one` from CONCURRENCY workers for `ms`. */
export function closedLoop(one: (i: number) => Promise<boolean>, ms: number, database?: string): Promise<Measured> {
  return measured(database, async () => {
    const latencies: number[] = [];
    let errors = 0;
    let next = 0;
    const started = performance.now();
    const end = started + ms;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < end) {
          const i = next++;
          const t0 = performance.now();
          const ok = await one(i).catch(() => false);
          latencies.push(performance.now() - t0);
          if (!ok) errors += 1;
        }
      }),
    );
    return { latencies, errors, elapsedMs: performance.now() - started };
  });
}

/**
 * With `BENCH_CPU_PROFILE=<folder>`, `run` under V8's sampling profiler (what `node --cpu-prof`
 * records, for this stretch only), saved as `<folder>/<scenario>.cpuprofile` for Chrome's DevTools
 * or `bench/profile-summary.ts`.
 */
export async function profiled<T>(name: string, run: () => Promise<T>): Promise<T> {
  const folder = process.env.BENCH_CPU_PROFILE;
  if (!folder) return run();
  const session = new inspector.Session();
  session.connect();
  const post = <R>(method: string, params?: object) =>
    new Promise<R>((resolve, reject) => session.post(method, params ?? {}, (err, result) => (err ? reject(err) : resolve(result as R))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await post<{ profile: object }>('Profiler.stop');
    session.disconnect();
    mkdirSync(folder, { recursive: true });
    const file = join(folder, `${name.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(`  (CPU profile of the API run: ${file})`);
  }
}
