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
 *
 * It also writes dist/pglite-image.tar: an embedded database with every migration applied, which
 * the server unpacks into a new DATA_DIR instead of running PostgreSQL's initdb and the migrations
 * there (db/client.ts, `openPglite`): the first start takes about 3.5 s less CPU. Making it costs
 * about 9 s of CPU, so it is kept from the previous build while neither the migrations nor the
 * PGlite version changed (dist/pglite-image.key).
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const dependencies = (file) => Object.keys(JSON.parse(readFileSync(file, 'utf8')).dependencies ?? {});
const WORKSPACE = '@clinic/domain';
const external = [
  ...new Set([...dependencies(join(here, 'package.json')), ...dependencies(join(here, '../../packages/domain/package.json'))]),
].filter((name) => name !== WORKSPACE);

const outDir = join(here, 'dist');
const migrations = join(here, 'src/db/migrations');
const image = join(outDir, 'pglite-image.tar');
const imageKeyFile = join(outDir, 'pglite-image.key');

/** What the image depends on: the PGlite version and every migration file. */
function imageKey() {
  const hash = createHash('sha256');
  const pglite = JSON.parse(readFileSync(join(here, '../../node_modules/@electric-sql/pglite/package.json'), 'utf8'));
  hash.update(`pglite ${pglite.version}\n`);
  const visit = (dir, prefix) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path, `${prefix}${entry.name}/`);
      else hash.update(`${prefix}${entry.name}\n`).update(readFileSync(path));
    }
  };
  visit(migrations, '');
  return hash.digest('hex');
}

/** A migrated in-memory database, dumped as a tar of its data folder. */
async function makeImage() {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create();
  await migrate(drizzle(client), { migrationsFolder: join(outDir, 'migrations') });
  const tar = await client.dumpDataDir('none');
  await client.close();
  writeFileSync(image, Buffer.from(await tar.arrayBuffer()));
}

const key = imageKey();
const keepImage = existsSync(image) && existsSync(imageKeyFile) && readFileSync(imageKeyFile, 'utf8') === key;
for (const entry of existsSync(outDir) ? readdirSync(outDir) : []) {
  if (keepImage && (entry === 'pglite-image.tar' || entry === 'pglite-image.key')) continue;
  rmSync(join(outDir, entry), { recursive: true, force: true });
}
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
cpSync(migrations, join(outDir, 'migrations'), { recursive: true });
if (!keepImage) {
  await makeImage();
  writeFileSync(imageKeyFile, key);
}
console.log(`server built: apps/server/dist/main.js, database image ${keepImage ? 'kept' : 'made'} (${Date.now() - started} ms)`);
