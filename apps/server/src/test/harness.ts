import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { connectPostgres, wrapPglite, type Database } from '../db/client.js';
import { seedDemo } from '../db/seed/demo.js';

/**
 * The medium test tier: the real app against a real, fresh database. PostgreSQL when
 * DATABASE_URL is set (each test file gets its own database, dropped afterwards), in-memory
 * PGlite otherwise (started from a migrated image, ~0.5 s).
 */

export const DEMO_PASSWORD = 'demo-password';

let pgliteImage: Promise<Blob> | null = null;

async function migratedPgliteImage(): Promise<Blob> {
  const client = await PGlite.create();
  const database = wrapPglite(client);
  await database.migrate();
  const image = (await client.dumpDataDir('none')) as Blob;
  await client.close();
  return image;
}

/** A fresh, migrated database and the function that disposes of it. */
export interface TestDatabase {
  database: Database;
  url?: string;
  drop(): Promise<void>;
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
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = connectPostgres(url.toString());
    await database.migrate();
    return {
      database,
      url: url.toString(),
      async drop() {
        await database.close();
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  pgliteImage ??= migratedPgliteImage();
  const client = await PGlite.create({ loadDataDir: await pgliteImage });
  const database = wrapPglite(client);
  return { database, drop: () => database.close() };
}

/** A built app on a fresh database with the demo organization loaded. */
export interface TestApp {
  app: FastifyInstance;
  database: Database;
  url?: string;
  close(): Promise<void>;
}

/** Builds the app on a fresh database, optionally with the demo seed. */
export async function createTestApp(options: { seed?: boolean } = {}): Promise<TestApp> {
  const test = await createTestDatabase();
  if (options.seed !== false) await seedDemo(test.database.db, DEMO_PASSWORD);
  const app = await buildApp({ database: test.database, webDist: '/nonexistent' });
  await app.ready();
  return {
    app,
    database: test.database,
    url: test.url,
    async close() {
      await app.close();
      await test.drop();
    },
  };
}

/** Signs in and returns the Bearer headers for later calls. */
export async function signInAs(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<Record<string, string>> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  return { authorization: `Bearer ${res.json().token}` };
}

/** Creates an account and returns its Bearer headers. */
export async function signUpAs(app: FastifyInstance, email: string, password = 'secret-pass'): Promise<Record<string, string>> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { email, password } });
  if (res.statusCode !== 201) throw new Error(`sign-up of ${email} failed: ${res.statusCode} ${res.body}`);
  return { authorization: `Bearer ${res.json().token}` };
}

/**
 * Creates a second organization owned by a new user, so tests can show one tenant never reaches
 * another. Returns the owner's headers and the organization and clinic ids.
 */
export async function createOtherOrganization(app: FastifyInstance, email = 'owner@other.org') {
  const headers = await signUpAs(app, email);
  const res = await app.inject({
    method: 'POST',
    url: '/api/organizations',
    headers,
    payload: { name: 'Other Health', type: 'clinic' },
  });
  if (res.statusCode !== 201) throw new Error(`organization creation failed: ${res.body}`);
  const body = res.json();
  return { headers, organizationId: body.organization.id as string, clinicId: body.clinic.id as string };
}

/** The JSON body of a response. */
export const json = (res: LightMyRequestResponse) => res.json() as Record<string, any>;
