/**
 * The HTTP clients of a benchmark on a thread of their own: a closed loop of `concurrency`
 * keep-alive clients, each sending its next GET as soon as the previous answer has been read, for
 * `ms`. The server under test keeps its event loop to itself, as it would with real clients (the
 * clients' CPU is still this process's, so CPU per request counts them). Loopback only.
 */
import http from 'node:http';
import { Worker } from 'node:worker_threads';

/** What the clients measured: one latency (ms) per request, and the requests that did not answer 2xx. */
export interface LoadResult {
  latencies: number[];
  errors: number;
  elapsedMs: number;
}

// Plain JavaScript, run by the worker as is (no loader in worker threads). Each message asks for a
// run of `ms`; the answer is that run's latencies.
const CLIENTS = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { base, paths, headers, concurrency } = workerData;
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
let next = 0;
parentPort.on('message', async ({ ms }) => {
  const latencies = [];
  let errors = 0;
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
  parentPort.postMessage({ latencies, errors, elapsedMs: performance.now() - started });
});
`;

/** HTTP clients on a worker thread, started once and run as often as asked. */
export interface HttpClients {
  /** A closed loop of GETs of the paths in turn (cycled) for `ms`. */
  run(ms: number): Promise<LoadResult>;
  close(): Promise<void>;
}

/** Starts `concurrency` keep-alive clients of `base` on a worker thread. */
export function startHttpClients(base: URL, paths: string[], headers: Record<string, string>, concurrency: number): HttpClients {
  const worker = new Worker(CLIENTS, { eval: true, workerData: { base: base.toString(), paths, headers, concurrency } });
  let failed: Error | undefined;
  worker.on('error', (err) => {
    failed = err;
  });
  return {
    run: (ms) =>
      new Promise((resolve, reject) => {
        if (failed) return reject(failed);
        const onError = (err: Error) => reject(err);
        worker.once('error', onError);
        worker.once('message', (result: LoadResult) => {
          worker.off('error', onError);
          resolve(result);
        });
        worker.postMessage({ ms });
      }),
    close: async () => {
      await worker.terminate();
    },
  };
}

/** A keep-alive HTTP GET that reads the whole body; true on a 2xx. */
export function httpGet(agent: http.Agent, base: URL, path: string, headers: Record<string, string>): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: base.hostname, port: base.port, path, headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve((res.statusCode ?? 500) < 300));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}
