#!/usr/bin/env node
/**
 * `npm start`: builds what is missing or older than its sources, then runs the compiled server
 * (apps/server/dist/main.js) in this Node process, with no TypeScript loader.
 *
 * A build is stale when any of its inputs (sources, build configuration, package manifests, the
 * lock file) was modified after its output; tests (`*.test.ts`) and notes (`*.md`) are not inputs. On an up-to-date
 * tree nothing is built and the check costs a few milliseconds.
 * `--check` prints what would be built and exits.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const at = (...parts) => join(root, ...parts);

/** Newest modification time (ms) of the files under `paths`, tests left out; 0 when none exist. */
function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules') visit(join(path, entry));
    } else if (!/\.test\.tsx?$|\.md$/.test(path)) {
      latest = Math.max(latest, stat.mtimeMs);
    }
  };
  paths.forEach(visit);
  return latest;
}

const shared = [at('packages/domain/src'), at('packages/domain/package.json'), at('package-lock.json')];
const targets = [
  {
    name: 'web app',
    workspace: '@clinic/web',
    output: at('apps/web/dist/index.html'),
    inputs: [
      at('apps/web/src'),
      at('apps/web/public'),
      at('apps/web/index.html'),
      at('apps/web/vite.config.ts'),
      at('apps/web/package.json'),
      ...shared,
    ],
  },
  {
    name: 'server',
    workspace: '@clinic/server',
    output: at('apps/server/dist/main.js'),
    inputs: [at('apps/server/src'), at('apps/server/build.mjs'), at('apps/server/package.json'), ...shared],
  },
];

const stale = targets.filter((t) => !existsSync(t.output) || newest(t.inputs) > statSync(t.output).mtimeMs);
if (process.argv.includes('--check')) {
  console.log(stale.length ? `would build: ${stale.map((t) => t.name).join(', ')}` : 'up to date');
  process.exit(0);
}
for (const target of stale) {
  console.log(`Building the ${target.name} (${existsSync(target.output) ? 'sources changed' : 'no build yet'})...`);
  const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`Building the ${target.name} failed.`);
    process.exit(result.status ?? 1);
  }
}

// Relative settings (DATA_DIR=./data) mean what they mean for `npm run dev` and `npm run seed`,
// which run in the server's workspace: the demo database stays apps/server/data.
process.chdir(at('apps/server'));
// Stack traces name the TypeScript sources (dist/main.js.map).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(at('apps/server/dist/main.js')).href);
