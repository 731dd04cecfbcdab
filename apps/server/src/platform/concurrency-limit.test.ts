import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDb } from '../db/client.js';
import { createTestDatabase, rows, type TestDatabase } from '../test/harness.js';
import { ConcurrencyLimit } from './concurrency-limit.js';

const MESSAGE = 'Too many open things. Close one and try again.';

describe.skipIf(!process.env.DATABASE_URL)('ConcurrencyLimit on PostgreSQL', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => {
    await test?.drop();
  });

  it("keeps a slot in a row until it is given back, and lets in again past a crashed instance's slots once they expire", async () => {
    const limit = new ConcurrencyLimit(2, MESSAGE, 'test-slots');
    const db = test.appDatabase.db;
    const a = 'fd00::1';
    const first = await limit.takeIn(db, a);
    await limit.takeIn(db, a);
    await expect(limit.takeIn(db, a)).rejects.toMatchObject({ code: 'request/rate-limited', message: MESSAGE });
    // A key whose rows' keys start as this key's do has slots of its own, and takes none of this key's.
    await limit.takeIn(db, 'fd00::1:2');
    const open = async () =>
      (
        await rows<{ n: number }>(
          test.database.db,
          sql`select count(*)::int as n from rate_limits where key ~ '^test-slots:fd00::1:[0-9a-f-]{36}$'`,
        )
      )[0].n;
    expect(await open()).toBe(2);

    first();
    first();
    for (let i = 0; i < 50 && (await open()) !== 1; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await open()).toBe(1);
    await limit.takeIn(db, a);

    // The instance that held them stopped renewing them (it crashed): once expired, they no longer count.
    await test.database.db.execute(sql`update rate_limits set expire = 0 where key like 'test-slots:fd00::1:%'`);
    await limit.takeIn(db, a);
    await limit.takeIn(db, a);
    await expect(limit.takeIn(db, a)).rejects.toMatchObject({ code: 'request/rate-limited' });
  });
});

describe('ConcurrencyLimit', () => {
  it("keeps counting in this instance's memory while the database does not answer", async () => {
    const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none', connectionTimeoutMillis: 2_000 });
    pool.on('error', () => {});
    const db = drizzle(pool) as unknown as AppDb;
    const limit = new ConcurrencyLimit(2, MESSAGE, 'unreachable');
    try {
      const release = await limit.takeIn(db, '10.97.0.1');
      await limit.takeIn(db, '10.97.0.1');
      await expect(limit.takeIn(db, '10.97.0.1')).rejects.toMatchObject({ code: 'request/rate-limited', message: MESSAGE });
      release();
      await limit.takeIn(db, '10.97.0.1');
    } finally {
      await pool.end();
    }
  });

  it('counts in memory on a database that is not a PostgreSQL pool (the embedded one)', async () => {
    const limit = new ConcurrencyLimit(1, MESSAGE, 'embedded');
    const db = {} as AppDb;
    const release = await limit.takeIn(db, 'session-1');
    await expect(limit.takeIn(db, 'session-1')).rejects.toMatchObject({ code: 'request/rate-limited' });
    await limit.takeIn(db, 'session-2');
    release();
    await limit.takeIn(db, 'session-1');
  });
});
