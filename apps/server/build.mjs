#!/usr/bin/env node
/**
 * `npm run build -w @clinic/server`: compiles the server to one JavaScript module, dist/main.js,
 * which `npm start` runs on Node (no TypeScript loader).
 *
 * esbuild bundles the server's own sources and @clinic/domain (whose package points at its
 * TypeScript sources, as the web app and the tests consume them); every npm dependency stays an
 * import resolved from node_modules at run time. The SQL migrations are copied to dist/migrations,
 * where the bundle's `new URL('./migrations', import.meta.url)` finds them. Types are checked by
 * `npm run typecheck`, not here.
 */
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const dependencies = (file) => Object.keys(JSON.parse(readFileSync(file, 'utf8')).dependencies ?? {});
const WORKSPACE = '@clinic/domain';
const external = [...new Set([...dependencies(join(here, 'package.json')), ...dependencies(join(here, '../../packages/domain/package.json'))])].filter(
  (name) => name !== WORKSPACE,
);

const outDir = join(here, 'dist');
rmSync(outDir, { recursive: true, force: true });
const started = Date.now();
await build({
  entryPoints: [join(here, 'src/main.ts')],
  outfile: join(outDir, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // A package marked external keeps its subpaths external too (drizzle-orm/pglite, ...).
  external,
  sourcemap: true,
  logLevel: 'warning',
});
cpSync(join(here, 'src/db/migrations'), join(outDir, 'migrations'), { recursive: true });
console.log(`server built: ${join('apps/server/dist', 'main.js')} (${Date.now() - started} ms)`);
