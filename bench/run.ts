/**
 * `npm run bench [-- name...]`: runs the benchmarks (all, or those named). Each prints its figures
 * and ratios; none is part of `npm test`. See bench/README.md.
 */
export {};

const BENCHES: Record<string, () => Promise<void>> = {
  patients: async () => (await import('./patients.bench.js')).runPatientsBench(),
  queue: async () => (await import('./queue.bench.js')).runQueueBench(),
  emergency: async () => (await import('./emergency.bench.js')).runEmergencyBench(),
  load: async () => (await import('./load.bench.js')).runLoadBench(),
  kill: async () => (await import('./kill.bench.js')).runKillBench(),
  cluster: async () => (await import('./cluster.bench.js')).runClusterBench(),
  start: async () => (await import('./start.bench.js')).runStartBench(),
  analytics: async () => (await import('./analytics.bench.js')).runAnalyticsBench(),
  fuzz: async () => (await import('./fuzz.bench.js')).runFuzzBench(),
  vitals: async () => (await import('./vitals.bench.js')).runVitalsBench(),
  paging: async () => (await import('./paging.bench.js')).runPagingBench(),
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((name) => !(name in BENCHES));
if (unknown.length) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Known: ${Object.keys(BENCHES).join(', ')}`);
  process.exit(2);
}
for (const [name, run] of Object.entries(BENCHES)) {
  if (wanted.length && !wanted.includes(name)) continue;
  await run();
}
// Pools and agents are closed by each bench; exit anyway so a stray handle cannot hold the process.
process.exit(0);
