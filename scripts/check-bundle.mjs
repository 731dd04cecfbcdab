#!/usr/bin/env node
/**
 * JavaScript budget of the first load of `/` (issue 5): the entry chunk named in index.html, every
 * chunk it or its modulepreloads import statically, and the lazily loaded chunk of the `/` route
 * (LandingPage-*.js) with its own static imports. Each file is gzipped on its own (level 9), as a
 * server sends it. Fails above the budget and always prints the figure.
 *
 * Reads apps/web/dist, or $WEB_DIST when set (a private build: `vite build --outDir /tmp/x`).
 * Usage: node scripts/check-bundle.mjs [--budget-kb 120] [--route-chunk LandingPage]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = resolve(process.env.WEB_DIST || join(root, 'apps/web/dist'));

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
};
const budgetKb = Number(option('--budget-kb', '120'));
// The `/` route's page module is features/public/LandingPage.tsx; Vite names its chunk after it.
const routeChunkPrefixes = option('--route-chunk', 'LandingPage').split(',');

function fail(message) {
  console.error(`check-bundle: ${message}`);
  process.exit(1);
}

if (!existsSync(join(dist, 'index.html'))) fail(`no build found at ${dist} (run the web build first)`);
const html = readFileSync(join(dist, 'index.html'), 'utf8');

/** Scripts the page itself asks for: the module entry and its modulepreload links. */
const htmlScripts = [
  ...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+\.js)"/g),
  ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+\.js)"/g),
].map((m) => m[1].replace(/^\//, ''));
if (htmlScripts.length === 0) fail('index.html names no module script');

const assetFiles = readdirSync(join(dist, 'assets'));
const routeChunks = assetFiles.filter((f) => f.endsWith('.js') && routeChunkPrefixes.some((p) => f.startsWith(`${p}-`))).map((f) => `assets/${f}`);
if (routeChunks.length === 0) {
  fail(`no chunk for the / route (expected assets/${routeChunkPrefixes.join('|')}-*.js); is / still lazily loaded from it?`);
}

// Static `import ... from "./x.js"` and bare `import "./x.js"`; `import("./x.js")` is dynamic and
// excluded by the `(`.
const STATIC_IMPORT = /\bimport\s*(?:[\w$\s{},*]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;

/** The files in `start` plus everything they import statically. */
function closure(start) {
  const seen = new Set();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    const path = join(dist, file);
    if (!existsSync(path)) fail(`${file} is referenced but missing from the build`);
    seen.add(file);
    const code = readFileSync(path, 'utf8');
    for (const m of code.matchAll(STATIC_IMPORT)) queue.push(join(dirname(file), m[1]));
  }
  return seen;
}

const entryFiles = closure(htmlScripts);
const entryCode = [...entryFiles].map((f) => readFileSync(join(dist, f), 'utf8')).join('\n');
for (const chunk of routeChunks) {
  const name = chunk.slice('assets/'.length);
  if (!entryCode.includes(name)) fail(`${name} is not loaded from the entry; the / route chunk could not be identified`);
}
const files = closure([...entryFiles, ...routeChunks]);

const rows = [...files]
  .map((file) => ({ file, bytes: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length }))
  .sort((a, b) => b.bytes - a.bytes);
const total = rows.reduce((sum, r) => sum + r.bytes, 0);
const kb = (bytes) => (bytes / 1000).toFixed(2);

console.log(`First load of / (gzipped JavaScript, ${dist}):`);
for (const r of rows) console.log(`  ${kb(r.bytes).padStart(8)} kB  ${r.file}`);
console.log(`  ${kb(total).padStart(8)} kB  total (budget ${budgetKb} kB)`);
if (total > budgetKb * 1000) fail(`first load of / is ${kb(total)} kB gzipped, above the ${budgetKb} kB budget`);
console.log('check-bundle: within budget');
