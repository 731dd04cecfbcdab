import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, wrapPglite } from './client.js';
import { LOCK_FILE } from './lock.js';

/**
 * The build's migrated image of the embedded database (apps/server/build.mjs): a new DATA_DIR is
 * unpacked from it instead of running initdb and the migrations, and ends up the same.
 */

let dir: string;
let image: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'clinic-image-'));
  // What the build does: migrate an in-memory database and dump its folder.
  const client = await PGlite.create();
  await wrapPglite(client).migrate();
  const tar = (await client.dumpDataDir('none')) as Blob;
  await client.close();
  image = join(dir, 'pglite-image.tar');
  writeFileSync(image, Buffer.from(await tar.arrayBuffer()));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a new data folder from the build image', () => {
  it('is migrated already, locked, and keeps what is written across a reopen (which ignores the image)', { timeout: 120_000 }, async () => {
    const data = join(dir, 'data');
    const first = await openPglite(data, image);
    try {
      expect(readFileSync(join(data, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
      const applied = await first.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect((applied.rows[0] as { n: number }).n).toBeGreaterThan(0);
      // Nothing left for the migrations to do, and they say so without failing.
      await first.migrate();
      expect((await first.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).rows).toEqual(applied.rows);
      await first.db.execute(sql`insert into organizations (id, name) values ('image-test', 'Image Test')`);
    } finally {
      await first.close();
    }
    expect(existsSync(join(data, LOCK_FILE))).toBe(false);
    const again = await openPglite(data, image);
    try {
      const rows = (await again.db.execute(sql`select name from organizations where id = 'image-test'`)).rows;
      expect(rows).toEqual([{ name: 'Image Test' }]);
    } finally {
      await again.close();
    }
  });
});
