/**
 * Start-up of the built server as `npm start` runs it (`node scripts/start.mjs`, on an up-to-date
 * build): the time from spawning the process to the first 200 of `GET /api/health`, on a new
 * embedded data folder (database creation, migrations, demo seed) and again on the same folder;
 * then the time from SIGTERM to exit. Baseline: a bare Node process that opens the same kind of
 * folder with PGlite and closes it, which no start can beat.
 *
 * Besides the wall-clock time it reads the CPU time the server process used until it was healthy
 * (/proc/<pid>/stat, Linux): on a shared machine the wall clock follows the load, the CPU time much
 * less, and on an idle machine with a free core the start takes about that long.
 *
 * Knob: BENCH_START_RUNS (3) runs of each.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const runs = Number(process.env.BENCH_START_RUNS ?? 3);

const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

interface Run {
  healthyMs: number;
  cpuMs: number;
  stopMs: number;
}

/** User plus system CPU time of a process so far, in ms (clock ticks of 10 ms). */
function cpuTimeMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // After "pid (comm) ": state is field 3, utime 14 and stime 15 (1-based).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Starts `npm start`'s script on `dataDir`, waits until healthy, stops it with SIGTERM. */
async function startOnce(dataDir: string): Promise<Run> {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  let healthyMs = 0;
  let cpuMs = 0;
  while (!healthyMs) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it was healthy`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) {
        healthyMs = performance.now() - began;
        cpuMs = cpuTimeMs(child.pid!);
      }
    } catch {
      // not listening yet
    }
    if (!healthyMs) await new Promise((r) => setTimeout(r, 25));
    if (performance.now() - began > 120_000) {
      child.kill('SIGKILL');
      throw new Error('not healthy within 120 s');
    }
  }
  const stopping = performance.now();
  child.kill('SIGTERM');
  await exited;
  return { healthyMs, cpuMs, stopMs: performance.now() - stopping };
}

/** A bare process that creates (or opens) a PGlite folder and closes it. */
function barePglite(dataDir: string): number {
  const began = performance.now();
  const result = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "import { PGlite } from '@electric-sql/pglite'; const c = await PGlite.create(process.argv[1]); await c.close();",
      dataDir,
    ],
    { cwd: join(root, 'apps/server'), stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('bare PGlite open failed');
  return performance.now() - began;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number) => `${Math.round(value)} ms`;

export async function runStartBench(): Promise<void> {
  const check = spawnSync(process.execPath, [join(root, 'scripts/start.mjs'), '--check'], { encoding: 'utf8' });
  if (check.stdout.trim() !== 'up to date') throw new Error(`build first (npm run build): ${check.stdout.trim()}`);
  const fresh: Run[] = [];
  const again: Run[] = [];
  const bareNew: number[] = [];
  const bareExisting: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-start-'));
    try {
      fresh.push(await startOnce(join(dir, 'data')));
      again.push(await startOnce(join(dir, 'data')));
      bareNew.push(barePglite(join(dir, 'bare')));
      bareExisting.push(barePglite(join(dir, 'bare')));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const row = (name: string, r: Run[], bare: number[]) => {
    const healthy = median(r.map((x) => x.healthyMs));
    const cpu = median(r.map((x) => x.cpuMs));
    return `| ${name} | ${ms(healthy)} | ${r.map((x) => ms(x.healthyMs)).join(', ')} | ${ms(cpu)} | ${ms(median(r.map((x) => x.stopMs)))} | ${ms(median(bare))} | x${(healthy / median(bare)).toFixed(1)} |`;
  };
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`\nStart-up of the built server (npm start), ${runs} runs each; load average ${load}`);
  console.log('| Data folder | healthy (median) | runs | CPU until healthy (median) | SIGTERM to exit | bare PGlite open | ratio |');
  console.log('|---|---:|---|---:|---:|---:|---:|');
  console.log(row('new (create, migrate, demo seed)', fresh, bareNew));
  console.log(row('existing', again, bareExisting));
}
