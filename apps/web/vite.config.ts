import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type ConfigEnv, type Plugin, type UserConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** What is worth compressing: text formats; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|webmanifest|xml)$/;

/** The app's own build, not the server-side build the prerender runs. */
const isClientBuild = (config: UserConfig, env: ConfigEnv) => env.command === 'build' && !config.build?.ssr;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text file of
 * the build, once, so the server sends them as they are (`@fastify/static` with `preCompressed`)
 * and never compresses a static file per request. Both variants are written even for a tiny file
 * they do not shrink: a file without them would be compressed per request by @fastify/compress.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'clinic:precompress',
    apply: isClientBuild,
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(files.map((name) => writeCompressed(join(outDir, name))));
    },
  };
}

async function writeCompressed(path: string) {
  const source = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
    gzipAsync(source, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
}

/** The built page the server sends for `/` (`apps/server/src/platform/delivery.ts`). */
const LANDING_HTML = 'landing.html';
/** Where `index.html` mounts the app, empty. */
const EMPTY_ROOT = '<div id="root"></div>';

/**
 * Writes `landing.html`: the built `index.html` with the landing page's markup in its root
 * (`src/app/prerender.tsx`, rendered by React on the server side of a second, SSR build), and its
 * compressed variants. The stylesheet in the head paints it before any script ran; `main.tsx`
 * then renders the app over it. Mantine marks the document's colour scheme from a script at run
 * time; the static page carries the light scheme the public site uses.
 */
function prerender(): Plugin {
  let root = '';
  let outDir = 'dist';
  return {
    name: 'clinic:prerender',
    apply: isClientBuild,
    configResolved(config) {
      root = config.root;
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const ssrDir = await mkdtemp(join(tmpdir(), 'clinic-prerender-'));
      try {
        await build({
          root,
          logLevel: 'warn',
          // Everything in the one file, so it runs from the temporary folder without node_modules.
          ssr: { noExternal: true },
          build: {
            ssr: 'src/app/prerender.tsx',
            outDir: ssrDir,
            emptyOutDir: true,
            rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
          },
        });
        const { renderPage } = (await import(pathToFileURL(join(ssrDir, 'prerender.mjs')).href)) as typeof import('./src/app/prerender');
        const index = await readFile(join(outDir, 'index.html'), 'utf8');
        const markup = await renderPage('/');
        if (!index.includes(EMPTY_ROOT)) throw new Error('index.html has no empty root to prerender into');
        const page = index
          .replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">')
          .replace(EMPTY_ROOT, () => `<div id="root">${markup}</div>`);
        await writeFile(join(outDir, LANDING_HTML), page);
        await writeCompressed(join(outDir, LANDING_HTML));
      } finally {
        await rm(ssrDir, { recursive: true, force: true });
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), prerender()],
  server: {
    port: 5173,
    // Keep the browser's Host so the API's same-origin check passes in development.
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false }, '/fhir': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // A contract module builds its schemas at the top level with zod calls; marked pure, the schemas a
    // page never reads are left out of its chunks (the web imports contracts to parse replies).
    rolldownOptions: { treeshake: { manualPureFunctions: ['z'] } },
  },
});
