import type { Role } from '@clinic/domain';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppDeps } from '../app.js';
import { connectPostgres, wrapPglite, type AppDb, type Database } from '../db/client.js';
import { LOGIN_ROLE, loginRoleUrl, useLoginRole } from '../db/roles.js';
import * as schema from '../db/schema/index.js';
import { DEMO_USERS, seedDemo } from '../db/seed/demo.js';
import { MemoryMailer } from '../platform/mail.js';

/**
 * The medium test tier: the real app against a real, fresh database. PostgreSQL when
 * DATABASE_URL is set (each test file gets its own database, dropped afterwards), in-memory
 * PGlite otherwise (started from a migrated image, ~0.5 s). Migrations, the seed and the tests'
 * own reads and fixtures go through the owner's connection; the app gets the login role's, as in
 * production, so every test runs the app with the restricted role.
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
    const database = connectPostgres(url.toString(), 2);
    await database.migrate();
    const appUrl = loginRoleUrl(url.toString());
    const appDatabase = connectPostgres(appUrl);
    return {
      database,
      appDatabase,
      url: url.toString(),
      appUrl,
      async drop() {
        await appDatabase.close();
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
  const appDatabase = wrapPglite(client);
  await useLoginRole(appDatabase.db);
  return { database: pgliteOwner(client), appDatabase, drop: () => appDatabase.close() };
}

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
  const app = await buildApp({ database: test.appDatabase, webDist: '/nonexistent', mailer, signInWait, ...deps });
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
  const app1 = await buildApp({ database: test.appDatabase, webDist: '/nonexistent' });
  const app2 = await buildApp({ database: second, webDist: '/nonexistent' });
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

/** A demo account by its role in lower case: the demo seed has one account per role. */
export type DemoUser = Lowercase<Role>;

type Headers = Record<string, string>;

/**
 * Who a client acts as: a demo account by role (`'doctor'`), any account by e-mail (signed in with
 * the demo password unless another is given), or ready headers (what `signUpAs` and
 * `createOtherOrganization` return).
 */
export type Who = DemoUser | (string & {}) | Headers;

/** The e-mail of the demo account of a role. */
function demoEmail(who: DemoUser): string {
  const user = DEMO_USERS.find((u) => u.role.toLowerCase() === who);
  if (!user) throw new Error(`the demo seed has no account for ${who}`);
  return user.email;
}

/** Per request: headers added over the client's own, and the client address (inject's default is 127.0.0.1). */
export interface RequestOptions {
  headers?: Headers;
  remoteAddress?: string;
}

type Body = InjectOptions['payload'];

/** Requests to the app as one caller. Each answers what `app.inject` answers. */
export interface Client {
  /** The caller's headers (`authorization: Bearer …`, or none), signing in on first use. */
  headers(): Promise<Headers>;
  get(url: string, options?: RequestOptions): Promise<LightMyRequestResponse>;
  post(url: string, body?: Body, options?: RequestOptions): Promise<LightMyRequestResponse>;
  put(url: string, body?: Body, options?: RequestOptions): Promise<LightMyRequestResponse>;
  patch(url: string, body?: Body, options?: RequestOptions): Promise<LightMyRequestResponse>;
  delete(url: string, body?: Body, options?: RequestOptions): Promise<LightMyRequestResponse>;
  /** Any request, with the caller's headers under the request's own. */
  inject(request: InjectOptions): Promise<LightMyRequestResponse>;
}

function clientOf(app: () => FastifyInstance, headers: () => Promise<Headers>): Client {
  const inject = async (request: InjectOptions) => {
    const own = await headers();
    return app().inject({ ...request, headers: { ...own, ...request.headers } });
  };
  const send =
    (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE') =>
    (url: string, body?: Body, options: RequestOptions = {}) =>
      inject({ method, url, payload: body, ...options });
  return {
    headers,
    get: (url, options = {}) => inject({ method: 'GET', url, ...options }),
    post: send('POST'),
    put: send('PUT'),
    patch: send('PATCH'),
    delete: send('DELETE'),
    inject,
  };
}

/** What `useTestApp` takes: the options of `createTestApp`, and two of its own. */
export type UseTestAppOptions = TestAppOptions & {
  /** Who `t.get`, `t.post`, … act as (signed in by the `beforeAll`); nobody when not given. */
  as?: Who;
  /** Listen on a free local port (`t.baseUrl`), for `fetch`, raw sockets and event streams. */
  listen?: boolean;
};

/** The app of a test file or `describe` block, as `useTestApp` returns it. */
export interface UsedTestApp extends TestApp, Client {
  /** A client acting as `who`. A demo account or e-mail signs in once and keeps its session for the file. */
  as(who: Who, password?: string): Client;
  /** A client sending no credentials. */
  anon: Client;
  /** With `listen: true`: the address the app listens on. */
  baseUrl: string;
  /** Opens `GET /api/events{query}` over real HTTP (`listen: true`); it is closed before the app is. */
  openEventStream(headers: Headers, query?: string): Promise<EventStream>;
}

/**
 * The app the tests of a file (or of a `describe` block) share, and their requests to it. Registers
 * a `beforeAll` that builds it with `createTestApp(options)` (a fresh database, the demo seed
 * unless `seed: false`, any app options) and signs in `options.as`, and an `afterAll` that closes
 * it. Call it where `describe` is called, never inside a test; hooks registered after it see the
 * app, and `afterAll` hooks registered after it run before it closes.
 *
 *   const t = useTestApp({ as: 'doctor' });
 *   await t.get('/api/patients');                          // as the demo Doctor
 *   await t.as('admin').delete(`/api/patients/${id}`);     // as the demo Admin
 *   await t.as(other.headers).post('/api/patients', body); // headers from signUpAs, createOtherOrganization
 *   await t.anon.post('/api/triage/case', body, { remoteAddress: freshAddress() });
 *
 * `t.app`, `t.database`, `t.mailer`, … are the `TestApp`'s. Requests answer what `app.inject`
 * answers (`res.statusCode`, `res.json()`). Each demo account or e-mail signs in once (the default
 * caller in the `beforeAll`, the others on their first request) and keeps that session for the
 * file, so a test about sessions themselves (signing out, ageing, counting them) signs in with
 * `signInAs(t.app, email)` to get one of its own.
 */
export function useTestApp(options: UseTestAppOptions = {}): UsedTestApp {
  const { as: defaultUser, listen, ...appOptions } = options;
  let current: TestApp | undefined;
  let baseUrl: string | undefined;
  let closing: Promise<void> | undefined;
  const sessions = new Map<string, Promise<Headers>>();
  const streams: EventStream[] = [];

  const built = () => {
    if (!current) throw new Error('useTestApp: the app exists from its beforeAll on; reach it from a hook or a test');
    return current;
  };
  const app = () => built().app;
  const close = () =>
    (closing ??= (async () => {
      streams.forEach((s) => s.close());
      sessions.clear();
      await current?.close();
    })());
  beforeAll(async () => {
    current = await createTestApp(appOptions);
    if (listen) baseUrl = await current.app.listen({ port: 0, host: '127.0.0.1' });
    // The default caller signs in here, before any test (a sign-in writes: sessions, audit, last login).
    await self.headers();
  });
  afterAll(close);

  const asUser = (who: Who, password = DEMO_PASSWORD): Client => {
    if (typeof who !== 'string') return clientOf(app, async () => who);
    const email = who.includes('@') ? who : demoEmail(who as DemoUser);
    return clientOf(app, () => {
      let session = sessions.get(email);
      if (!session) {
        session = signInAs(app(), email, password);
        sessions.set(email, session);
        session.catch(() => sessions.delete(email));
      }
      return session;
    });
  };
  const anon = clientOf(app, async () => ({}));
  const self = defaultUser === undefined ? anon : asUser(defaultUser);

  const used: Omit<UsedTestApp, Exclude<keyof TestApp, 'close'>> = {
    get baseUrl() {
      if (!baseUrl) throw new Error('useTestApp: baseUrl needs { listen: true }');
      return baseUrl;
    },
    close,
    ...self,
    as: asUser,
    anon,
    async openEventStream(headers, query = '') {
      if (!baseUrl) throw new Error('useTestApp: event streams need { listen: true }');
      const stream = await openEventStream(baseUrl, headers, query);
      streams.push(stream);
      return stream;
    },
  };
  // The TestApp's fields, read through to the built app (a field TestApp gains must be named here).
  const fields: Record<Exclude<keyof TestApp, 'close'>, true> = {
    app: true,
    database: true,
    appDatabase: true,
    url: true,
    mailer: true,
    signInDelays: true,
  };
  for (const key of Object.keys(fields) as Array<keyof typeof fields>) {
    Object.defineProperty(used, key, { get: () => built()[key], enumerable: true });
  }
  return used as UsedTestApp;
}

/** The JSON body of a response. */
export const json = (res: LightMyRequestResponse) => res.json() as Record<string, any>;

/** Rows of a raw query through the owner connection (which row level security does not limit). */
export async function rows<T = Record<string, any>>(db: Database['db'], query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return result.rows as T[];
}

/** How many rows of `table` match `where` (every row when not given), through the owner connection. */
export async function countRows(db: Database['db'], table: string, where: SQL = sql`true`): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`);
  return row.n;
}

/** The id of `email`'s membership of `organizationId`, read through the owner connection. */
export async function memberIdOf(db: Database['db'], organizationId: string, email: string): Promise<string> {
  const [row] = await rows<{ id: string }>(
    db,
    sql`select m.id from organization_members m join users u on u.id = m.user_id
        where m.organization_id = ${organizationId} and u.email = ${email}`,
  );
  if (!row) throw new Error(`${email} is not a member of ${organizationId}`);
  return row.id;
}

/**
 * Fills the last hour's hits of the rate limit `scope` up to `limit`, with hits from other
 * addresses, as a distributed flood would leave them: the next counted request is over the limit.
 */
export async function floodRateLimit(db: Database['db'], scope: string, limit: number): Promise<void> {
  const [{ n }] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from rate_limit_hits where scope = ${scope} and at > now() - interval '1 hour'`,
  );
  await db.execute(
    sql`insert into rate_limit_hits (scope, key, at)
        select cast(${scope} as text), '192.0.2.' || (g % 250), now() from generate_series(1, ${limit - n}) g`,
  );
}

/** Audit events of one action, oldest first, read through the owner connection. */
export function auditEventsOf(db: Database['db'], action: string) {
  return rows<{
    organization_id: string | null;
    actor_user_id: string | null;
    action: string;
    entity_type: string | null;
    entity_id: string | null;
    ip: string | null;
    details: Record<string, any> | null;
  }>(db, sql`select * from audit_events where action = ${action} order by at, id`);
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

/** One server-sent event as a subscriber receives it. */
export interface ReceivedEvent {
  event: string;
  data: any;
}

/** An open `GET /api/events` stream read over real HTTP. */
export interface EventStream {
  status: number;
  contentType: string | null;
  received: ReceivedEvent[];
  /** Resolves with the first event (already received or still to come) that matches. */
  next(match: (e: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  /** Settles when the stream is over: ended by the server, or closed here. */
  done: Promise<void>;
  close(): void;
}

/** Subscribes to `{baseUrl}/api/events` with `headers` and parses the stream as it arrives. */
export async function openEventStream(baseUrl: string, headers: Record<string, string>, query = ''): Promise<EventStream> {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/events${query}`, { headers, signal: controller.signal });
  const received: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  const stream: EventStream = {
    status: res.status,
    contentType: res.headers.get('content-type'),
    received,
    next(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(match);
          if (!found) return false;
          waiters.delete(check as () => void);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check as () => void);
          reject(new Error(`no matching event within ${timeoutMs} ms; received ${JSON.stringify(received)}`));
        }, timeoutMs);
        if (!check()) waiters.add(check as () => void);
      });
    },
    done: Promise.resolve(),
    close: () => controller.abort(),
  };
  if (res.body && res.ok) {
    stream.done = (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let event = 'message';
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('data: ')) data.push(line.slice(6));
            }
            if (data.length === 0) continue; // keep-alive comment
            received.push({ event, data: JSON.parse(data.join('\n')) });
            waiters.forEach((w) => w());
          }
        }
      } catch {
        // aborted by close()
      }
    })();
  } else {
    await res.body?.cancel();
  }
  return stream;
}
