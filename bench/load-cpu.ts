/**
 * CPU time of a server process and of the PostgreSQL backends serving its database, read from
 * /proc (Linux, the database on this host): what a benchmark divides by the requests it sent to
 * get CPU per request, independent of the machine's other load. The load generator is not counted.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** USER_HZ: /proc counts CPU in ticks of 10 ms on Linux. */
const TICK_MS = 10;

/** User and system CPU (ms) of process `pid` and all its threads so far; NaN when it cannot be read. */
export function processCpuMs(pid: number | undefined): number {
  if (pid === undefined || process.platform !== 'linux') return NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return NaN;
  }
}

/** CPU (ms) so far of each PostgreSQL backend connected to `database` (by process id); empty when none is visible. */
export function backendCpuMs(database: string): Map<string, number> {
  const cpu = new Map<string, number>();
  if (process.platform !== 'linux') return cpu;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      // "postgres: 15/main: clinic_app t_... 127.0.0.1(port) idle"
      const title = readFileSync(`/proc/${pid}/cmdline`, 'latin1');
      if (!title.startsWith('postgres: ') || !title.includes(` ${database} `)) continue;
      cpu.set(pid, processCpuMs(Number(pid)));
    } catch {
      // the process ended meanwhile
    }
  }
  return cpu;
}

/** CPU (ms) used by the server process and by the database's backends over a stretch. */
export interface CpuUse {
  serverMs: number;
  databaseMs: number;
}

/** Starts measuring; the function returned gives the CPU used since (a backend that ended meanwhile is not counted). */
export function cpuSince(serverPid: number | undefined, database: string): () => CpuUse {
  const server0 = processCpuMs(serverPid);
  const backends0 = backendCpuMs(database);
  return () => {
    let databaseMs = 0;
    const backends = backendCpuMs(database);
    for (const [pid, ms] of backends) databaseMs += ms - (backends0.get(pid) ?? 0);
    return { serverMs: processCpuMs(serverPid) - server0, databaseMs: backends.size ? databaseMs : NaN };
  };
}

/** One operation's pass alone, after the mixed run: its requests and the CPU they used. */
export interface SoloPass {
  op: string;
  /** Requests of the operation in the mixed run. */
  mixedCount: number;
  /** Requests answered in the pass alone, and its length. */
  count: number;
  elapsedMs: number;
  cpu: CpuUse;
}

const us = (ms: number, count: number) => (count && Number.isFinite(ms) ? ((ms * 1000) / count).toFixed(0) : '-');

/**
 * CPU per request by operation. The mixed run's CPU (server and database, `mixed`) cannot be read
 * per request, so each operation also ran alone with the same clients (`passes`); its CPU per
 * request there weighs its share: operation i is given mixed CPU x count_i x solo_i / sum_j
 * (count_j x solo_j). The scale (mixed CPU over that sum) says how far the mix's CPU per request
 * is from the passes' alone (contention, caches, a fuller waiting room).
 */
export function printCpuByOperation(mixed: CpuUse, mixedCount: number, passes: SoloPass[]): void {
  const soloUs = (p: SoloPass) => ((p.cpu.serverMs + (Number.isFinite(p.cpu.databaseMs) ? p.cpu.databaseMs : 0)) * 1000) / Math.max(1, p.count);
  const mixedMs = mixed.serverMs + (Number.isFinite(mixed.databaseMs) ? mixed.databaseMs : 0);
  const estimateMs = passes.reduce((sum, p) => sum + (p.mixedCount * soloUs(p)) / 1000, 0);
  const scale = estimateMs > 0 ? mixedMs / estimateMs : NaN;
  console.log(
    `\nCPU per request (server process + PostgreSQL backends, from /proc; the load generator not counted)` +
      `\n  mixed run: ${us(mixed.serverMs, mixedCount)} µs server + ${us(mixed.databaseMs, mixedCount)} µs PostgreSQL per request, all operations`,
  );
  console.log('  operation        alone: req/s  server µs  PostgreSQL µs  total µs | in the mix: share of CPU  µs/req');
  for (const p of passes) {
    const total = soloUs(p);
    const share = mixedMs > 0 ? (scale * p.mixedCount * total) / 1000 / mixedMs : NaN;
    console.log(
      `  ${p.op.padEnd(15)} ${((p.count / p.elapsedMs) * 1000).toFixed(1).padStart(13)} ${us(p.cpu.serverMs, p.count).padStart(10)} ${us(p.cpu.databaseMs, p.count).padStart(14)}` +
        ` ${total.toFixed(0).padStart(9)} | ${Number.isFinite(share) ? `${(share * 100).toFixed(1)} %` : '-'}`.padEnd(32) +
        ` ${Number.isFinite(scale) ? (scale * total).toFixed(0).padStart(7) : '-'}`,
    );
  }
  console.log(
    `  (each operation alone for its pass with the same clients; the mix's CPU divided in proportion to count x CPU alone; mix / sum of the passes' estimate = ${Number.isFinite(scale) ? scale.toFixed(2) : '-'})`,
  );
}
