/**
 * The real server as a child process, for the load and kill benchmarks: `node --import tsx
 * apps/server/src/main.ts` (what `npm start` runs) on a loopback port, its output kept in a log
 * file, and small keep-alive HTTP helpers to talk to it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAIN = fileURLToPath(new URL('../apps/server/src/main.ts', import.meta.url));

/** A free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** One answer: status, headers and the parsed JSON body (null when it is not JSON). */
export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown> | null;
}

/** A JSON request over `agent`; rejects on a connection error (refused, reset, timed out). */
export function request(
  agent: http.Agent,
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
  timeoutMs = 30_000,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: { ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          let parsed: Record<string, unknown> | null = null;
          try {
            parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            parsed = null;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error('request timed out')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** A running server process. */
export interface ServerProcess {
  port: number;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
  /** Milliseconds from spawn until `/api/health` answered 200. */
  startMs: number;
}

/** Spawns the server with `env` on `port` and waits until `/api/health` answers 200. */
export async function startServer(port: number, env: Record<string, string>, logFile: string, timeoutMs = 120_000): Promise<ServerProcess> {
  const log = createWriteStream(logFile, { flags: 'a' });
  const started = performance.now();
  // BENCH_CPU_PROFILE=<folder>: the server writes a V8 profile of its whole life there when it exits.
  const profile = process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  let gone: number | string | null = null;
  void exited.then((code) => (gone = code));
  const agent = new http.Agent({ keepAlive: false });
  try {
    while (performance.now() - started < timeoutMs) {
      if (gone !== null) throw new Error(`the server exited (${gone}) before it was healthy; see ${logFile}`);
      const ok = await request(agent, port, 'GET', '/api/health', {}, undefined, 2_000).then(
        (a) => a.status === 200,
        () => false,
      );
      if (ok) return { port, child, exited, startMs: performance.now() - started };
      await sleep(50);
    }
    child.kill('SIGKILL');
    throw new Error(`the server was not healthy within ${timeoutMs} ms; see ${logFile}`);
  } finally {
    agent.destroy();
  }
}

/** Stops the server with `signal` and waits for it to exit. */
export async function stopServer(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | string> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill(signal);
  return server.exited;
}

/** The last lines of a log file, to show when something went wrong. */
export function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Latency summary of one operation (ms). */
export function percentiles(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => (s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN);
  return { count: s.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: s.length ? s[s.length - 1] : NaN };
}
