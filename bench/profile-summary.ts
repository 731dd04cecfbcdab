/**
 * `node --import tsx bench/profile-summary.ts <file.cpuprofile> [top]`: where a CPU profile's time
 * went, by function (self time) and by package (node_modules folder, the app's own files, Node's
 * internals), as shares of the sampled time. For the profiles `BENCH_CPU_PROFILE` writes.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node --import tsx bench/profile-summary.ts <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg) || 30;
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));

// Self time per node: the time deltas of the samples that landed in it.
const self = new Map<number, number>();
const samples = profile.samples ?? [];
const deltas = profile.timeDeltas ?? [];
for (let i = 0; i < samples.length; i += 1) self.set(samples[i], (self.get(samples[i]) ?? 0) + (deltas[i + 1] ?? deltas[i] ?? 0));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const idle = [...self].filter(([id]) => ['(idle)', '(program)', '(garbage collector)'].includes(byId.get(id)!.callFrame.functionName));

function packageOf(url: string): string {
  if (!url) return '(native / V8)';
  if (url.startsWith('node:')) return 'node: internals';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.includes('/apps/server/src/')) return 'app: ' + url.split('/apps/server/src/')[1].split('/').slice(0, 2).join('/');
  if (url.includes('/packages/domain/')) return '@clinic/domain';
  if (url.includes('/bench/')) return 'bench (load generator)';
  return url;
}

const add = (map: Map<string, number>, key: string, v: number) => map.set(key, (map.get(key) ?? 0) + v);
const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
for (const [id, t] of self) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  add(byFunction, `${functionName || '(anonymous)'} ${packageOf(url)}${url ? `:${lineNumber + 1}` : ''}`, t);
  add(byPackage, packageOf(url), t);
}
const pct = (t: number) => `${((100 * t) / total).toFixed(1).padStart(5)} %`;
console.log(
  `${file}: ${(total / 1e6).toFixed(2)} s sampled; idle/program/GC: ${idle.map(([id, t]) => `${byId.get(id)!.callFrame.functionName} ${pct(t)}`).join(', ')}`,
);
console.log('\nBy package (self time):');
for (const [k, t] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(t)}  ${k}`);
console.log('\nBy function (self time):');
for (const [k, t] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(t)}  ${k}`);
