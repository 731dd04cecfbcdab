import { PGlite, type Transaction } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { connectPostgres, wrapPglite, type AppDb, type Database } from '../../db/client.js';
import { LOGIN_ROLE, loginRoleUrl, useLoginRole } from '../../db/roles.js';
import * as schema from '../../db/schema/index.js';

/**
 * Fresh, migrated test databases. PostgreSQL when DATABASE_URL is set (each test file gets its own
 * database, dropped afterwards), in-memory PGlite otherwise (started from a migrated image,
 * ~0.5 s). The owner's connection serves migrations, the seed and the tests' own reads and
 * fixtures; the app gets the login role's, as in production.
 */

let pgliteImage: Promise<Blob> | null = null;

async function migratedPgliteImage(): Promise<Blob> {
  const client = await PGlite.create();
  const database = wrapPglite(client);
  await database.migrate();
  const image = (await client.dumpDataDir('none')) as Blob;
  await client.close();
  return image;
}

/**
 * The owner's handle on an embedded database whose one session runs as the login role: each query
 * and transaction switches back to the built-in superuser for its own duration (SET LOCAL ROLE).
 */
function pgliteOwner(client: PGlite): Database {
  const asOwner = <T>(fn: (tx: Transaction) => Promise<T>) =>
    client.transaction(async (tx) => {
      await tx.exec('set local role none');
      return fn(tx);
    });
  // VACUUM refuses to run in a transaction: it switches the whole session and back, which is safe
  // only while the app is idle (tests vacuum in their setup).
  const outsideTransaction = async (query: string, params?: unknown[], options?: object) => {
    await client.exec('set role none');
    try {
      return await client.query(query, params, options);
    } finally {
      await client.exec(`set role ${LOGIN_ROLE}`);
    }
  };
  const ownerClient = {
    query: (query: string, params?: unknown[], options?: object) =>
      /^\s*vacuum\b/i.test(query) ? outsideTransaction(query, params, options) : asOwner((tx) => tx.query(query, params, options)),
    transaction: asOwner,
  };
  const db = drizzlePglite({ client: ownerClient as unknown as PGlite, schema }) as unknown as AppDb;
  return {
    kind: 'pglite',
    db,
    migrate: () => Promise.reject(new Error('the test image is migrated already')),
    listen: (channel, onMessage) => client.listen(channel, onMessage),
    onListenResumed: () => () => {},
    // The app's handle owns the client and closes it.
    close: async () => {},
  };
}

/** A fresh, migrated database and the function that disposes of it. */
export interface TestDatabase {
  /** The owner's connection: migrations, seed, fixtures and reads row level security does not limit. */
  database: Database;
  /** The app's connection, as the login role clinic_server: what `buildApp` gets. */
  appDatabase: Database;
  /** PostgreSQL only: the owner's connection string. */
  url?: string;
  /** PostgreSQL only: the login role's connection string. */
  appUrl?: string;
  drop(): Promise<void>;
}

/**
 * Database `name` on the server of `adminUrl`, migrated: the owner's connection (which migrates)
 * and the app's, as the login role.
 */
export async function openMigratedPostgres(adminUrl: string, name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = connectPostgres(url.toString(), 2);
  await database.migrate();
  const appUrl = loginRoleUrl(url.toString());
  return { database, appDatabase: connectPostgres(appUrl), url: url.toString(), appUrl };
}

/** Creates a fresh, migrated database. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `t_${crypto.randomUUID().replace(/-/g, '').slice(0, 20)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const opened = await openMigratedPostgres(adminUrl, name);
    return {
      ...opened,
      async drop() {
        await opened.appDatabase.close();
        await opened.database.close();
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  pgliteImage ??= migratedPgliteImage();
  const client = await PGlite.create({ loadDataDir: await pgliteImage });
  const appDatabase = wrapPglite(client);
  await useLoginRole(appDatabase.db);
  return { database: pgliteOwner(client), appDatabase, drop: () => appDatabase.close() };
}
