import type { Role } from '@clinic/domain';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo.js';
import { createTestApp, DEMO_PASSWORD, signInAs, type TestApp, type TestAppOptions } from './app.js';
import { openEventStream, type EventStream } from './streams.js';

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
