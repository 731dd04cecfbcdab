/**
 * Crash benchmark: a writer loop of kiosk check-ins while the server process is killed
 * with SIGKILL and restarted, on PostgreSQL and on the embedded PGlite. Passes only when every
 * check-in answered 201 is in the database exactly once with the number it was given, no
 * Idempotency-Key made two entries, queue numbers are unique per clinic and day, and every restart
 * (and the final graceful stop) is clean.
 *
 * The server is `node --import tsx apps/server/src/main.ts` (what `npm start` runs) on a loopback
 * port with LOG_LEVEL=warn: PostgreSQL on a fresh database created on DATABASE_URL's server (and
 * dropped afterwards), PGlite in a fresh DATA_DIR (seeded on its first start, as a new install).
 * BENCH_KILL_WRITERS (4) writers each send one check-in at a time with its own key and its own
 * last name, from its own forwarded address (TRUST_PROXY=loopback, so the per-address kiosk
 * limit stays as in production); a connection error or a 5xx is retried with the same key and
 * body until answered. BENCH_KILLS (5) times, after BENCH_KILL_MIN_MS..BENCH_KILL_MAX_MS
 * (3000..5000) of writing, the process gets SIGKILL and is started again at once.
 * BENCH_KILL_BACKENDS (postgres,pglite) picks the backends; PostgreSQL needs DATABASE_URL.
 */
import { PGlite } from '@electric-sql/pglite';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { seedDemo } from '../apps/server/src/db/seed/demo.js';
import { createTestDatabase } from '../apps/server/src/test/harness.js';
import { freePort, percentiles, request, sleep, startServer, stopServer, tail, type ServerProcess } from './server-process.js';

const env = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const WRITERS = env('BENCH_KILL_WRITERS', 4);
const KILLS = env('BENCH_KILLS', 5);
const KILL_MIN_MS = env('BENCH_KILL_MIN_MS', 3_000);
const KILL_MAX_MS = Math.max(KILL_MIN_MS, env('BENCH_KILL_MAX_MS', 5_000));
/** Writing after the last restart, before the writers stop. */
const TAIL_MS = 2_000;
/** A check-in still unanswered after this long is a violation (the server never came back). */
const GIVE_UP_MS = 120_000;

/** The database the verification reads, as the owner (no row level security). */
interface Reader {
  query<T>(text: string): Promise<T[]>;
  close(): Promise<void>;
}

interface Backend {
  name: 'postgres' | 'pglite';
  env: Record<string, string>;
  /** Opens the database for the checks (PGlite: after the server stopped, since it holds the folder). */
  reader(): Promise<Reader>;
  dispose(): Promise<void>;
}

async function postgresBackend(): Promise<Backend> {
  const test = await createTestDatabase();
  await seedDemo(test.database.db, 'demo-password');
  return {
    name: 'postgres',
    env: { DATABASE_URL: test.url!, MIGRATION_DATABASE_URL: '' },
    async reader() {
      const client = new pg.Client({ connectionString: test.url });
      await client.connect();
      return { query: async (text) => (await client.query(text)).rows, close: () => client.end() };
    },
    dispose: () => test.drop(),
  };
}

function pgliteBackend(): Backend {
  const dataDir = mkdtempSync(join(tmpdir(), 'clinic-kill-'));
  return {
    name: 'pglite',
    env: { DATA_DIR: dataDir, DATABASE_URL: '', MIGRATION_DATABASE_URL: '' },
    async reader() {
      const client = await PGlite.create(dataDir);
      return { query: async <T>(text: string) => (await client.query<T>(text)).rows, close: () => client.close() };
    },
    async dispose() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Ack {
  lastName: string;
  key: string;
  id: string;
  queueNumber: number;
  replayed: boolean;
}

/** Runs the writers and the kills on one backend; returns the violations found. */
async function runOn(backend: Backend): Promise<string[]> {
  const violations: string[] = [];
  const logFile = join(mkdtempSync(join(tmpdir(), `clinic-kill-${backend.name}-`)), 'server.log');
  const port = await freePort();
  const serverEnv = { ...backend.env, TRUST_PROXY: 'loopback', NODE_ENV: 'development' };
  let server: ServerProcess = await startServer(port, serverEnv, logFile);
  const firstStartMs = server.startMs;
  const acks: Ack[] = [];
  const restarts: Array<{ downMs: number; startMs: number }> = [];
  let connectionRetries = 0;
  /** Check-ins whose request was sent when the process died (reset, not refused): their answer was lost. */
  let inFlight = 0;
  let serverErrors = 0;
  let stop = false;
  let n = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: WRITERS });

  const writer = async (w: number) => {
    while (!stop) {
      n += 1;
      const i = n;
      const key = crypto.randomUUID();
      const lastName = `Kill${i}`;
      const body = { firstName: 'Crash', lastName, chiefComplaint: 'Check-in under crashes', symptoms: ['cough'], painLevel: i % 10 };
      const headers = { 'idempotency-key': key, 'x-forwarded-for': `10.${200 + w}.${(i >> 8) & 255}.${i & 255}` };
      const since = performance.now();
      let lost = false;
      for (;;) {
        const answer = await request(agent, port, 'POST', '/api/triage/case', headers, body, 10_000).catch((e: NodeJS.ErrnoException) => {
          if (e.code !== 'ECONNREFUSED') lost = true;
          return null;
        });
        if (answer?.status === 201) {
          const c = answer.body as { case: { id: string }; queueNumber: number };
          acks.push({ lastName, key, id: c.case.id, queueNumber: c.queueNumber, replayed: answer.headers['idempotent-replayed'] === 'true' });
          if (lost) inFlight += 1;
          break;
        }
        if (answer && answer.status < 500) {
          violations.push(`check-in ${lastName} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
          break;
        }
        if (answer) serverErrors += 1;
        else connectionRetries += 1;
        if (performance.now() - since > GIVE_UP_MS) {
          violations.push(`check-in ${lastName} unanswered after ${GIVE_UP_MS} ms`);
          break;
        }
        await sleep(100);
      }
    }
  };

  const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
  try {
    for (let k = 0; k < KILLS; k += 1) {
      await sleep(KILL_MIN_MS + Math.random() * (KILL_MAX_MS - KILL_MIN_MS));
      const killedAt = performance.now();
      server.child.kill('SIGKILL');
      await server.exited;
      server = await startServer(port, serverEnv, logFile);
      restarts.push({ downMs: performance.now() - killedAt, startMs: server.startMs });
    }
    await sleep(TAIL_MS);
  } finally {
    stop = true;
    await Promise.all(writers);
    agent.destroy();
  }
  const exit = await stopServer(server, 'SIGTERM');
  if (exit !== 0) violations.push(`the final graceful stop exited with ${exit}`);

  // The checks, on the database itself.
  const reader = await backend.reader();
  try {
    const entries = await reader.query<{ id: string; last_name: string; queue_number: number }>(
      `select id, last_name, queue_number from queue_entries where first_name = 'Crash'`,
    );
    const byId = new Map(entries.map((e) => [e.id, e]));
    const perName = new Map<string, number>();
    for (const e of entries) perName.set(e.last_name, (perName.get(e.last_name) ?? 0) + 1);
    for (const ack of acks) {
      const entry = byId.get(ack.id);
      if (!entry) violations.push(`acknowledged check-in ${ack.lastName} (${ack.id}) is missing`);
      else if (entry.last_name !== ack.lastName || entry.queue_number !== ack.queueNumber) {
        violations.push(
          `acknowledged check-in ${ack.lastName} is stored as ${entry.last_name} #${entry.queue_number}, answered #${ack.queueNumber}`,
        );
      }
    }
    for (const [name, count] of perName) if (count > 1) violations.push(`check-in ${name} (one key) made ${count} entries`);
    const acked = new Set(acks.map((a) => a.lastName));
    const unacknowledged = entries.filter((e) => !acked.has(e.last_name));
    if (unacknowledged.length)
      violations.push(`${unacknowledged.length} entries no writer was told about: ${unacknowledged.map((e) => e.last_name).join(', ')}`);
    const duplicateNumbers = await reader.query<{ queue_number: number }>(
      `select queue_number from queue_entries group by organization_id, clinic_id, queue_date, queue_number having count(*) > 1`,
    );
    if (duplicateNumbers.length) violations.push(`queue numbers given twice: ${duplicateNumbers.map((d) => d.queue_number).join(', ')}`);
    const keys = await reader.query<{ n: number }>(`select count(*)::int as n from idempotency_keys where scope = 'kiosk.check-in'`);
    if (keys[0].n !== acks.length) violations.push(`${keys[0].n} stored keys for ${acks.length} acknowledged check-ins`);

    const down = percentiles(restarts.map((r) => r.downMs));
    console.log(`\nKill: ${backend.name}, ${WRITERS} writers, ${KILLS} SIGKILLs every ${KILL_MIN_MS / 1000}-${KILL_MAX_MS / 1000} s`);
    console.log(
      `  check-ins acknowledged ${acks.length} (${acks.filter((a) => a.replayed).length} of them a replayed first answer), entries ${entries.length}`,
    );
    console.log(
      `  attempts retried after a connection error ${connectionRetries}, after a 5xx ${serverErrors}; ` +
        `check-ins in flight at a kill ${inFlight} (answered on retry: ${acks.filter((a) => a.replayed).length} replayed, the rest written then)`,
    );
    console.log(
      `  first start ${(firstStartMs / 1000).toFixed(2)} s; kill -> healthy ${restarts.map((r) => (r.downMs / 1000).toFixed(2)).join(', ')} s (p50 ${(down.p50 / 1000).toFixed(2)}, max ${(down.max / 1000).toFixed(2)})`,
    );
    console.log(`  final SIGTERM exit ${exit}; violations ${violations.length}`);
    for (const v of violations.slice(0, 20)) console.log(`    ${v}`);
    if (violations.length) console.log(`  last lines of ${logFile}:\n${tail(logFile)}`);
  } finally {
    await reader.close();
  }
  return violations;
}

export async function runKillBench() {
  const wanted = (process.env.BENCH_KILL_BACKENDS ?? 'postgres,pglite').split(',').map((b) => b.trim());
  let failures = 0;
  for (const name of wanted) {
    if (name === 'postgres' && !process.env.DATABASE_URL) {
      console.log('kill bench (postgres): skipped (set DATABASE_URL to a PostgreSQL server)');
      continue;
    }
    if (name !== 'postgres' && name !== 'pglite') throw new Error(`BENCH_KILL_BACKENDS: unknown backend ${name}`);
    const backend = name === 'postgres' ? await postgresBackend() : pgliteBackend();
    try {
      failures += (await runOn(backend)).length;
    } finally {
      await backend.dispose();
    }
  }
  if (failures) throw new Error(`kill bench: ${failures} violations (see above)`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runKillBench();
}
