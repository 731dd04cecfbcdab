import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createTestDatabase, type TestDatabase } from '../test/harness.js';
import type { Database, DbHandle } from './client.js';
import { openDatabase } from './open.js';
import { checkPoolRole, loginRoleUrl } from './roles.js';

/** How the server opens its database at start: migrations as the owner, the pool as the login role. */
const onPostgres = Boolean(process.env.DATABASE_URL);
const currentUser = async (db: DbHandle) => ((await db.execute(sql`select current_user as u`)).rows[0] as { u: string }).u;

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.drop());

describe('configuration', () => {
  it('refuses MIGRATION_DATABASE_URL without DATABASE_URL', () => {
    expect(() => loadConfig({ MIGRATION_DATABASE_URL: 'postgres://postgres@127.0.0.1/x' })).toThrow(/set both/);
  });

  it("derives the login role's connection string from the owner's: same host, port, database and options, no password", () => {
    expect(loginRoleUrl('postgres://postgres:secret@db.internal:5433/clinic?sslmode=require')).toBe(
      'postgres://clinic_server@db.internal:5433/clinic?sslmode=require',
    );
  });
});

describe("the start-up check of the pool's role", () => {
  it('accepts the login role, in production too', async () => {
    expect(await checkPoolRole(test.appDatabase.db, true)).toBeNull();
  });

  it('warns about a superuser pool outside production, naming the variables to set', async () => {
    const warning = await checkPoolRole(test.database.db, false);
    expect(warning).toMatch(/role "postgres" is a superuser, has BYPASSRLS, owns the tables/);
    expect(warning).toMatch(/DATABASE_URL at the login role clinic_server and MIGRATION_DATABASE_URL at the owner/);
  });

  it('refuses a superuser pool in production', async () => {
    await expect(checkPoolRole(test.database.db, true)).rejects.toThrow(/Refusing to start in production/);
  });
});

describe.skipIf(!onPostgres)('openDatabase on PostgreSQL', () => {
  const open = async (urls: { DATABASE_URL: string; MIGRATION_DATABASE_URL?: string }) => {
    let preparedAs = '';
    const database = await openDatabase({ ...urls, DATA_DIR: '' }, async (owner) => {
      preparedAs = await currentUser(owner.db);
    });
    try {
      return { preparedAs, poolAs: await currentUser(database.db) };
    } finally {
      await database.close();
    }
  };

  it('with one superuser DATABASE_URL, migrates and prepares with it, and opens the pool as clinic_server', async () => {
    expect(await open({ DATABASE_URL: test.url! })).toEqual({ preparedAs: 'postgres', poolAs: 'clinic_server' });
  });

  it('with MIGRATION_DATABASE_URL, migrates with it and opens the pool with DATABASE_URL as given', async () => {
    expect(await open({ DATABASE_URL: test.appUrl!, MIGRATION_DATABASE_URL: test.url! })).toEqual({
      preparedAs: 'postgres',
      poolAs: 'clinic_server',
    });
  });

  it('explains a pool that cannot connect, with the password step', async () => {
    const url = new URL(test.url!);
    url.username = 'no_such_role';
    await expect(open({ DATABASE_URL: url.toString(), MIGRATION_DATABASE_URL: test.url! })).rejects.toThrow(
      /could not connect as no_such_role: .*ALTER ROLE clinic_server PASSWORD/,
    );
  });
});

describe('openDatabase on the embedded database', () => {
  let dir: string;
  let database: Database;
  let preparedAs = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'clinic-open-'));
    database = await openDatabase({ DATA_DIR: dir }, async (owner) => {
      preparedAs = await currentUser(owner.db);
    });
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prepares as the built-in superuser, then runs the session as clinic_server, which is refused the patients', async () => {
    expect(preparedAs).toBe('postgres');
    expect(await currentUser(database.db)).toBe('clinic_server');
    expect(await checkPoolRole(database.db, true)).toBeNull();
    await expect(database.db.execute(sql`select * from patients`)).rejects.toSatisfy((e) =>
      /permission denied/.test(String((e as { cause?: Error }).cause?.message ?? (e as Error).message)),
    );
  });
});
