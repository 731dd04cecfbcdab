// Keeps imports flowing one way (STYLE.md rule 4): domain <- server, domain <- web;
// inside the web app ui/api <- features <- app, and no feature imports another; no server
// module imports another module. The web imports the domain by subpath only (the barrel would
// pull every contract and zod into public pages). Prints each offending import and exits 1.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const files = [];
function walk(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (/\.(ts|tsx)$/.test(name)) files.push(p);
  }
}
for (const d of ['packages/domain/src', 'apps/server/src', 'apps/web/src']) walk(join(root, d));

const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const rel = (p) => relative(root, p).split(sep).join('/');
const problems = [];
/** Module-to-module imports, `from>to`, for the cycle check. */
const moduleEdges = new Set();

for (const file of files) {
  const from = rel(file);
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2];
    const target = spec.startsWith('.') ? rel(resolve(dirname(file), spec)) : spec;
    const say = (why) => problems.push(`${from}: imports ${spec} (${why})`);
    if (from.startsWith('packages/domain/')) {
      if (target.startsWith('apps/') || target.startsWith('@clinic/')) say('domain imports nothing of the apps');
      continue;
    }
    if (from.startsWith('apps/web/') && target === '@clinic/domain') {
      say('the web imports @clinic/domain by subpath, not the barrel: docs/decisions.md');
    }
    if (from.startsWith('apps/server/') && target.startsWith('apps/web/')) say('server never imports web');
    if (from.startsWith('apps/web/') && target.startsWith('apps/server/')) say('web never imports server');
    const feature = (p, base) => (p.startsWith(base) ? p.slice(base.length).split('/')[0] : null);
    const webFrom = feature(from, 'apps/web/src/features/');
    const webTo = feature(target, 'apps/web/src/features/');
    if (webFrom && webTo && webFrom !== webTo) say('features never import each other');
    if ((from.startsWith('apps/web/src/ui/') || from.startsWith('apps/web/src/api/')) && (webTo || target.startsWith('apps/web/src/app/'))) {
      say('shared pieces never import features or the app');
    }
    if (webFrom && target.startsWith('apps/web/src/app/')) say('features never import the app shell');
    const modFrom = feature(from, 'apps/server/src/modules/');
    const modTo = feature(target, 'apps/server/src/modules/');
    if (modFrom && modTo && modFrom !== modTo) {
      if (target !== `apps/server/src/modules/${modTo}/index` && target !== `apps/server/src/modules/${modTo}/index.js`) {
        say(`another module only through modules/${modTo}/index.ts`);
      }
      moduleEdges.add(`${modFrom}>${modTo}`);
    }
    if (target.startsWith('apps/server/src/modules/') && !modFrom && !from.startsWith('apps/server/src/app.ts') && !from.includes('/test/')) {
      if (from.startsWith('apps/server/src/platform/') || from.startsWith('apps/server/src/db/')) say('platform and db never import modules');
    }
  }
}

// A cycle between modules means neither owns the data in between: refuse it.
const graph = new Map();
for (const edge of moduleEdges) {
  const [a, b] = edge.split('>');
  if (!graph.has(a)) graph.set(a, []);
  graph.get(a).push(b);
}
const state = new Map();
function visit(node, path) {
  if (state.get(node) === 'done') return;
  if (state.get(node) === 'open') {
    problems.push(`server modules import each other in a cycle: ${[...path.slice(path.indexOf(node)), node].join(' -> ')}`);
    return;
  }
  state.set(node, 'open');
  for (const next of graph.get(node) ?? []) visit(next, [...path, node]);
  state.set(node, 'done');
}
for (const node of graph.keys()) visit(node, []);

if (problems.length) {
  console.error(`Import direction check failed (${problems.length}):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`Import direction check: ${files.length} files, no problem.`);
