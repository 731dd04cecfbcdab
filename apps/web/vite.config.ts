import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** What is worth compressing: text formats; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|webmanifest|xml)$/;

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
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const path = join(outDir, name);
          const source = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
            gzipAsync(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
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
