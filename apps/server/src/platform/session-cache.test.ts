import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_APPLICATION_NAME, type Database } from '../db/client.js';
import { createTwoInstances, rows, signInAs, type TestDatabase, type TwoInstances } from '../test/harness.js';
import { SessionCache } from './session-cache.js';

/** A database whose announcements and LISTEN round trips the test makes. */
function fakeDatabase() {
  let announce: (payload: string) => void = () => {};
  let resume: () => void = () => {};
  let barrier: () => Promise<boolean> = async () => true;
  const database = {
    listen: async (_channel: string, handler: (payload: string) => void) => {
      announce = handler;
      return async () => {};
    },
    onListenResumed: (handler: () => void) => {
      resume = handler;
      return () => {};
    },
    listenBarrier: () => barrier(),
  } as unknown as Database;
  return {
    database,
    announce: (payload: string) => announce(payload),
    resume: () => resume(),
    setBarrier: (next: () => Promise<boolean>) => {
      barrier = next;
    },
  };
}

describe('SessionCache', () => {
  const start = async () => {
    const fake = fakeDatabase();
    const started = await SessionCache.start<{ n: number }>(fake.database);
    return { ...fake, cache: started!.cache };
  };

  it('confirms a kept row until a change of its user, or of any organization, is announced', async () => {
    const { cache, announce } = await start();
    const [a, b] = [{ n: 1 }, { n: 2 }];
    cache.remember('a', 'user-a', a, cache.version());
    cache.remember('b', 'user-b', b, cache.version());
    expect(await cache.confirm('a', a)).toBe(true);
    announce('u:user-a');
    expect(cache.get('a')).toBeUndefined();
    expect(await cache.confirm('a', a)).toBe(false);
    expect(await cache.confirm('b', b)).toBe(true);
    announce('*');
    expect(cache.size()).toBe(0);
  });

  it('does not keep a row read before a change was announced', async () => {
    const { cache, announce } = await start();
    const version = cache.version();
    announce('u:someone-else');
    cache.remember('a', 'user-a', { n: 1 }, version);
    expect(cache.get('a')).toBeUndefined();
  });

  it('confirms nothing without a live LISTEN connection, and drops everything once it is back', async () => {
    const { cache, resume, setBarrier } = await start();
    const row = { n: 1 };
    cache.remember('a', 'user-a', row, cache.version());
    setBarrier(async () => false);
    expect(await cache.confirm('a', row)).toBe(false);
    resume();
    setBarrier(async () => true);
    expect(await cache.confirm('a', row)).toBe(false);
    expect(cache.size()).toBe(0);
  });

  it('refuses a row whose change is announced during the round trip that confirms it', async () => {
    const { cache, announce, setBarrier } = await start();
    const row = { n: 1 };
    cache.remember('a', 'user-a', row, cache.version());
    setBarrier(async () => {
      announce('u:user-a');
      return true;
    });
    expect(await cache.confirm('a', row)).toBe(false);
  });
});

/**
 * Two instances on one PostgreSQL database: what one changes (or the database itself, through
 * another connection) binds the other's very next request, however often the other read it before.
 */
describe.skipIf(!process.env.DATABASE_URL)('kept sessions across two instances on one PostgreSQL database', () => {
  let instances: TwoInstances;
  let test: TestDatabase;
  let second: Database;
  let app1: FastifyInstance;
  let app2: FastifyInstance;
  let patientPath: string;

  beforeAll(async () => {
    instances = await createTwoInstances();
    ({ test, second, app1, app2 } = instances);
    const [patient] = await rows<{ id: string }>(test.database.db, sql`select id from patients where organization_id = 'default-clinic' limit 1`);
    patientPath = `/api/patients/${patient.id}`;
  });
  afterAll(() => instances?.close());

  const get = (app: FastifyInstance, headers: Record<string, string>, url = patientPath) => app.inject({ method: 'GET', url, headers });
  /**
   * Signs in through the first instance, once the second has heard what the sign-in announced (it
   * marks the member active, a change of the user's rows): what the second keeps afterwards stays.
   */
  const signedIn = async (email: string) => {
    const headers = await signInAs(app1, email);
    expect(await second.listenBarrier!()).toBe(true);
    return headers;
  };
  /** Reads the patient twice on `app`: the second read is answered from what the first kept. */
  const warm = async (app: FastifyInstance, headers: Record<string, string>) => {
    expect((await get(app, headers)).statusCode).toBe(200);
    expect((await get(app, headers)).statusCode).toBe(200);
  };
  const owner = (statement: ReturnType<typeof sql>) => test.database.db.execute(statement);

  /** The statements the app's pool sends while `fn` runs (the LISTEN connection's round trips aside). */
  async function poolStatements(fn: () => Promise<unknown>): Promise<string[]> {
    const sent: string[] = [];
    const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const original = prototype.query;
    prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const config = args[0] as string | { text?: string };
      const listener = (this as unknown as { connectionParameters?: { application_name?: string } }).connectionParameters?.application_name;
      if (listener !== LISTENER_APPLICATION_NAME) sent.push(typeof config === 'string' ? config : (config.text ?? ''));
      return original.apply(this, args);
    };
    try {
      await fn();
    } finally {
      prototype.query = original;
    }
    return sent;
  }

  it('a request whose session this instance read before is one round trip: the read, its audit row and the commit', async () => {
    const doctor = await signedIn('doctor@demo.clinic');
    const first = await poolStatements(() => get(app2, doctor));
    expect(first).toHaveLength(2);
    expect(first[0]).toContain('platform_request_tenant');
    const again = await poolStatements(async () => expect((await get(app2, doctor)).statusCode).toBe(200));
    expect(again).toHaveLength(1);
    expect(again[0]).toMatch(/^begin; select set_config\('app\.organization_id', 'default-clinic', true\).*; execute final_\w+\(.*\); commit$/s);
    // A page of the directory: the opening, the page with its audit row, and the commit in one message.
    await get(app2, doctor, '/api/patients?search=a&limit=5');
    const page = await poolStatements(() => get(app2, doctor, '/api/patients?search=a&limit=5'));
    expect(page).toHaveLength(1);
    expect(page[0]).toMatch(
      /^begin; select set_config\('app\.organization_id', 'default-clinic', true\).*; execute final_patients_page_\w+\(.*\); commit$/s,
    );
    // The audit row of each read is there, kept session or not.
    const [audited] = await rows<{ n: number }>(
      test.database.db,
      sql`select count(*)::int as n from audit_events where action = 'patient.read' and entity_id = ${patientPath.split('/').pop()}`,
    );
    expect(audited.n).toBeGreaterThanOrEqual(2);
  });

  it('a sign-out on one instance ends the session on the other at once, every time', async () => {
    for (let round = 0; round < 15; round++) {
      const nurse = await signInAs(app1, 'nurse@demo.clinic');
      await warm(app2, nurse);
      expect((await app1.inject({ method: 'POST', url: '/api/auth/sign-out', headers: nurse })).statusCode).toBeLessThan(300);
      expect((await get(app2, nurse)).statusCode).toBe(401);
    }
  });

  it('a change committed through another connection binds the very next request: account, membership, organization, clinic', async () => {
    const doctor = await signInAs(app1, 'doctor@demo.clinic');
    for (let round = 0; round < 5; round++) {
      await warm(app2, doctor);
      await owner(
        sql`update organization_members set status = 'suspended' where user_id = (select id from users where email = 'doctor@demo.clinic')`,
      );
      expect((await get(app2, doctor)).statusCode).toBe(403);
      await owner(sql`update organization_members set status = 'active' where user_id = (select id from users where email = 'doctor@demo.clinic')`);

      await warm(app2, doctor);
      await owner(sql`update organizations set settings = settings || '{"ipWhitelist": ["203.0.113.7"]}' where id = 'default-clinic'`);
      const blocked = await get(app2, doctor);
      expect(blocked.json().code).toBe('auth/ip-not-allowed');
      await owner(sql`update organizations set settings = settings - 'ipWhitelist' where id = 'default-clinic'`);

      // A clinic named by the request that no longer exists.
      const [clinic] = await rows<{ id: string }>(
        test.database.db,
        sql`insert into clinics (id, organization_id, name) values (${`gone-${round}`}, 'default-clinic', 'Annex') returning id`,
      );
      const inClinic = `/api/patients?limit=1&clinicId=${clinic.id}`;
      expect((await get(app2, doctor, inClinic)).statusCode).toBe(200);
      expect((await get(app2, doctor, inClinic)).statusCode).toBe(200);
      await owner(sql`delete from clinics where id = ${clinic.id}`);
      expect((await get(app2, doctor, inClinic)).json().code).toBe('access/not-a-member');
    }
    await warm(app2, doctor);
    await owner(sql`update users set status = 'disabled' where email = 'doctor@demo.clinic'`);
    expect((await get(app2, doctor)).statusCode).toBe(401);
  });

  it('while its LISTEN connection is lost an instance reads every session from the database, and keeps them again once it is back', async () => {
    const manager = await signInAs(app1, 'manager@demo.clinic');
    await warm(app2, manager);
    const cut = await owner(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
    );
    expect(cut.rows.length).toBeGreaterThanOrEqual(2);
    // Announcements are not heard now: a sign-out through the other instance must still bind.
    expect((await app1.inject({ method: 'POST', url: '/api/auth/sign-out', headers: manager })).statusCode).toBeLessThan(300);
    expect((await get(app2, manager)).statusCode).toBe(401);

    for (let waited = 0; second.status!().listen !== 'listening' && waited < 10_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    expect(second.status!().listen).toBe('listening');
    const again = await signedIn('manager@demo.clinic');
    await warm(app2, again);
    expect(await poolStatements(() => get(app2, again))).toHaveLength(1);
  });
});
