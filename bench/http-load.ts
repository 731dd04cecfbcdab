/**
 * The HTTP clients of a benchmark on a thread of their own: a closed loop of `concurrency`
 * keep-alive clients, each sending its next GET as soon as the previous answer has been read, for
 * `ms`. The server under test keeps its event loop to itself, as it would with real clients (the
 * clients' CPU is still this process's, so CPU per request counts them). Loopback only.
 */
import { Worker } from 'node:worker_threads';

/** What the clients measured: one latency (ms) per request, and the requests that did not answer 2xx. */
export interface LoadResult {
  latencies: number[];
  errors: number;
  elapsedMs: number;
}

// Plain JavaScript, run by the worker as is (no loader in worker threads).
const CLIENTS = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { base, paths, headers, concurrency, ms } = workerData;
const url = new URL(base);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const get = (path) =>
  new Promise((resolve) => {
    const req = http.get({ host: url.hostname, port: url.port, path, headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode < 300));
      res.on('error', () => resolve(false));
    });
    req.on('error', () => resolve(false));
  });
(async () => {
  const latencies = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const end = started + ms;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const path = paths[next++ % paths.length];
        const t0 = performance.now();
        const ok = await get(path);
        latencies.push(performance.now() - t0);
        if (!ok) errors += 1;
      }
    }),
  );
  const elapsedMs = performance.now() - started;
  agent.destroy();
  parentPort.postMessage({ latencies, errors, elapsedMs });
})();
`;

/** Runs the clients on a worker thread against `base` (GET of each of `paths` in turn, cycled). */
export function httpLoad(base: URL, paths: string[], headers: Record<string, string>, concurrency: number, ms: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENTS, { eval: true, workerData: { base: base.toString(), paths, headers, concurrency, ms } });
    worker.once('message', (result: LoadResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load worker exited with ${code}`));
    });
  });
}
