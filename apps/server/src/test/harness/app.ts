import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../app.js';
import { connectPostgres, type Database } from '../../db/client.js';
import { seedDemo } from '../../db/seed/demo.js';
import { MemoryMailer } from '../../platform/mail.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export const DEMO_PASSWORD = 'demo-password';

/** A built app on a fresh database with the demo organization loaded. */
export interface TestApp {
  app: FastifyInstance;
  /** The owner's connection, for the tests' fixtures and reads. */
  database: Database;
  /** The app's connection (the login role). */
  appDatabase: Database;
  url?: string;
  /** What the app mailed (verification links, notices). */
  mailer: MemoryMailer;
  /** The waits sign-in tries were given (recorded, not waited, so tests stay fast). */
  signInDelays: number[];
  close(): Promise<void>;
}

/**
 * What `createTestApp` and `useTestApp` take: the demo seed (on unless `seed: false`; `{ queue:
 * true }` adds the living queue `npm start` shows) and app options.
 */
export type TestAppOptions = { seed?: boolean | { queue?: boolean } } & Partial<Omit<AppDeps, 'database'>>;

/**
 * Builds the app on a fresh database, optionally with the demo seed and other app options. Most
 * files want `useTestApp` instead; this is for an app a test builds and closes itself.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { seed, ...deps } = options;
  const test = await createTestDatabase();
  if (seed !== false) await seedDemo(test.database.db, DEMO_PASSWORD, typeof seed === 'object' ? seed : {});
  const mailer = new MemoryMailer();
  const signInDelays: number[] = [];
  const signInWait = async (ms: number) => {
    signInDelays.push(ms);
  };
  // The escalation worker runs only where a test asks for it (paging's tests call its step with a fixed clock).
  const app = await buildApp({
    database: test.appDatabase,
    webDist: '/nonexistent',
    mailer,
    signInWait,
    checkReplies: true,
    pagingEscalationMs: 0,
    ...deps,
  });
  await app.ready();
  return {
    app,
    database: test.database,
    appDatabase: test.appDatabase,
    url: test.url,
    mailer,
    signInDelays,
    async close() {
      await app.close();
      await test.drop();
    },
  };
}

/** Two instances of the app on one new PostgreSQL database with the demo seed, as two servers of one deployment. */
export interface TwoInstances {
  test: TestDatabase;
  /** The second instance's connection (the login role's, like the first's). */
  second: Database;
  app1: FastifyInstance;
  app2: FastifyInstance;
  close(): Promise<void>;
}

/** Builds {@link TwoInstances} (PostgreSQL only: `DATABASE_URL`), for what instances share through the database. */
export async function createTwoInstances(): Promise<TwoInstances> {
  const test = await createTestDatabase();
  await seedDemo(test.database.db, DEMO_PASSWORD);
  const second = connectPostgres(test.appUrl!);
  const app1 = await buildApp({ database: test.appDatabase, webDist: '/nonexistent', checkReplies: true, pagingEscalationMs: 0 });
  const app2 = await buildApp({ database: second, webDist: '/nonexistent', checkReplies: true, pagingEscalationMs: 0 });
  return {
    test,
    second,
    app1,
    app2,
    async close() {
      await app1.close();
      await app2.close();
      await second.close();
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

/**
 * Creates an account and returns its Bearer headers. Each sign-up comes from its own address, so
 * the per-address sign-up limit of the app never decides a test that is not about it.
 */
export async function signUpAs(app: FastifyInstance, email: string, password = 'secret-pass'): Promise<Record<string, string>> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { email, password }, remoteAddress: freshAddress() });
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
    remoteAddress: freshAddress(),
  });
  if (res.statusCode !== 201) throw new Error(`organization creation failed: ${res.body}`);
  const body = res.json();
  return { headers, organizationId: body.organization.id as string, clinicId: body.clinic.id as string };
}

/** The token of the last verification link mailed to `email` (the app's MemoryMailer). */
export function mailedVerificationToken(mailer: MemoryMailer, email: string): string {
  const text = mailer.lastTo(email)?.text ?? '';
  const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no verification link was mailed to ${email}`);
  return token;
}

/** Follows the verification link last mailed to `email`, so its invitations are offered by address. */
export async function verifyEmailOf(t: TestApp, email: string): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    payload: { token: mailedVerificationToken(t.mailer, email) },
  });
  if (res.statusCode !== 200) throw new Error(`verification of ${email} failed: ${res.statusCode} ${res.body}`);
}

let addressCounter = 0;
/**
 * A client address no other test of the file uses, so the per-address sign-in limit of one test
 * never leaks into another (inject's default address is 127.0.0.1 for every request).
 */
export function freshAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}
