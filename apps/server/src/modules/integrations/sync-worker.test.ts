import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { connectPostgres, type Database } from '../../db/client.js';
import { DEMO_ORGANIZATION_ID, seedDemo } from '../../db/seed/demo.js';
import { standInPolicy } from '../../platform/outbound.testing.js';
import { auditEventsOf, createTestDatabase, DEMO_PASSWORD, json, rows, signInAs, useTestApp, type TestDatabase } from '../../test/harness.js';
import { MAX_SYNC_ATTEMPTS } from './sync-claim.js';
import { fhirPatient, publishedJwks, startSmartStandIn, type SmartStandIn } from './smart-sync.fixtures.js';
import { SmartTokenCache } from './smart-token.js';
import { workDueEhrSyncRuns } from './sync-worker.js';

/**
 * The Sync Patients worker stepped by hand (the app's own is off here): a run is worked once however
 * many workers step at the same moment; a running run whose instance stopped (its heartbeat went
 * stale) is taken up again; a run interrupted too often, or whose requester may no longer sync, is
 * failed with the reason. On PostgreSQL, two app instances on one database: the one stopped in the
 * middle of a run hands it back, and the other finishes it; a run of an instance that died is
 * taken up by the other once its heartbeat is stale.
 */
const EHR_HOST = 'worker-ehr.hospital.test';
const CLIENT_ID = 'worker-test-client';
const ORG = DEMO_ORGANIZATION_ID;
const policy = standInPolicy({ [EHR_HOST]: '10.20.30.60' }, EHR_HOST);
const EPIC = '/api/settings/integrations/epic';
const silent = { warn: () => undefined };
const patients = [
  fhirPatient('w1', 'Worker', 'Ann', '1970-01-01'),
  fhirPatient('w2', 'Worker', 'Bo', '1971-01-01'),
  fhirPatient('w3', 'Worker', 'Cai', '1972-01-01'),
];

const runRow = async (db: Database['db'], id: string) =>
  (await rows(db, sql`select status, attempts, error, summary, heartbeat_at from ehr_sync_runs where id = ${id}`))[0];

describe('the worker, stepped by hand', () => {
  const t = useTestApp({ as: 'admin', outbound: policy, ehrSyncMs: 0 });
  let ehr: SmartStandIn;
  const errors: unknown[] = [];
  const step = (now = new Date()) =>
    workDueEhrSyncRuns(t.appDatabase.db, { reach: { policy, log: silent, tokens: new SmartTokenCache() }, onError: (e) => errors.push(e) }, now);
  const queue = async () => {
    const res = await t.post(`${EPIC}/sync`, {});
    expect(res.statusCode, res.body).toBe(202);
    return json(res).run as Record<string, any>;
  };

  beforeAll(async () => {
    ehr = await startSmartStandIn({ host: EHR_HOST, clientId: CLIENT_ID, jwks: () => publishedJwks(t, ORG) });
    ehr.patients.push(...patients);
    expect((await t.put(EPIC, { enabled: true, baseUrl: ehr.base, clientId: CLIENT_ID, authMethod: 'smart-backend' })).statusCode).toBe(200);
  });
  afterAll(() => ehr?.close());

  it('two requests at once join one run; two workers stepping at once work it once', async () => {
    const [a, b] = await Promise.all([t.post(`${EPIC}/sync`, {}), t.post(`${EPIC}/sync`, {})]);
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(json(a).run.id).toBe(json(b).run.id);
    expect(
      (await auditEventsOf(t.database.db, 'organization.patients-sync-requested')).filter((e) => e.details?.runId === json(a).run.id),
    ).toHaveLength(1);
    const worked = await Promise.all([step(), step()]);
    expect(worked[0] + worked[1]).toBe(1);
    expect(await runRow(t.database.db, json(a).run.id)).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      summary: expect.objectContaining({ created: 3 }),
    });
    expect(await step()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('leaves a running run with a live heartbeat alone, and takes one up again once its heartbeat is stale', async () => {
    const run = await queue();
    // As an instance that claimed it and then stopped: running, one attempt, its last heartbeat just now.
    await t.database.db.execute(sql`update ehr_sync_runs set status = 'running', attempts = 1, heartbeat_at = now() where id = ${run.id}`);
    expect(await step()).toBe(0);
    expect((await runRow(t.database.db, run.id)).status).toBe('running');
    await t.database.db.execute(sql`update ehr_sync_runs set heartbeat_at = now() - interval '3 minutes' where id = ${run.id}`);
    expect(await step()).toBe(1);
    expect(await runRow(t.database.db, run.id)).toMatchObject({
      status: 'succeeded',
      attempts: 2,
      error: null,
      summary: expect.objectContaining({ unchanged: 3 }),
    });
  });

  it(`gives up a run interrupted ${MAX_SYNC_ATTEMPTS} times`, async () => {
    const run = await queue();
    await t.database.db.execute(
      sql`update ehr_sync_runs set status = 'running', attempts = ${MAX_SYNC_ATTEMPTS}, heartbeat_at = now() - interval '3 minutes' where id = ${run.id}`,
    );
    expect(await step()).toBe(0);
    expect(await runRow(t.database.db, run.id)).toMatchObject({
      status: 'failed',
      error: `The sync was interrupted ${MAX_SYNC_ATTEMPTS} times; press Sync Patients to start it again.`,
    });
  });

  it('fails a run whose requester may no longer sync, and reaches no EHR for it', async () => {
    const run = await queue();
    const [doctor] = await rows<{ id: string }>(t.database.db, sql`select id from users where email = 'doctor@demo.clinic'`);
    await t.database.db.execute(sql`update ehr_sync_runs set requested_by = ${doctor.id} where id = ${run.id}`);
    const searches = ehr.seenAuthorizations.length;
    expect(await step()).toBe(0);
    expect(await runRow(t.database.db, run.id)).toMatchObject({
      status: 'failed',
      error: 'The member who asked for this sync may no longer run it.',
    });
    expect(ehr.seenAuthorizations.length).toBe(searches);
    const history = json(await t.get(`${EPIC}/sync-runs`));
    expect(history.runs[0]).toMatchObject({ id: run.id, status: 'failed', requestedBy: 'Daniel Diaz' });
  });

  it('a run queued while the connection is then turned off fails with the reason', async () => {
    const run = await queue();
    expect((await t.put(EPIC, { enabled: false })).statusCode).toBe(200);
    try {
      expect(await step()).toBe(1);
      expect(await runRow(t.database.db, run.id)).toMatchObject({
        status: 'failed',
        error: 'Turn the Epic EHR connection on and set its base URL first.',
      });
      expect((await t.post(`${EPIC}/sync`, {})).statusCode).toBe(409);
    } finally {
      expect((await t.put(EPIC, { enabled: true })).statusCode).toBe(200);
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two app instances on one database: a restart during a run', () => {
  let test: TestDatabase;
  let ehr: SmartStandIn;
  let current: FastifyInstance | undefined;
  beforeAll(async () => {
    test = await createTestDatabase();
    await seedDemo(test.database.db, DEMO_PASSWORD);
    ehr = await startSmartStandIn({
      host: EHR_HOST,
      clientId: CLIENT_ID,
      pageSize: 2,
      jwks: async () =>
        (await current!.inject({ method: 'GET', url: `/api/integrations/epic/jwks.json?organizationId=${ORG}` })).json() as JSONWebKeySet,
    });
    ehr.patients.push(...patients);
  });
  afterAll(async () => {
    await ehr?.close();
    await test?.drop();
  });

  /** An instance of the app on the shared database, with its own connection and its worker on. */
  async function instance(): Promise<{ app: FastifyInstance; database: Database }> {
    const database = connectPostgres(test.appUrl!);
    const app = await buildApp({ database, webDist: '/nonexistent', outbound: policy, pagingEscalationMs: 0, ehrSyncMs: 50 });
    await app.ready();
    return { app, database };
  }

  it('the stopped instance hands its run back, and the one that comes up finishes it', async () => {
    const first = await instance();
    current = first.app;
    const admin = await signInAs(first.app, 'admin@demo.clinic');
    const saved = await first.app.inject({
      method: 'PUT',
      url: EPIC,
      headers: admin,
      payload: { enabled: true, baseUrl: ehr.base, clientId: CLIENT_ID, authMethod: 'smart-backend' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The second page waits until the first instance is on its way down.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let secondPageAsked!: () => void;
    const asked = new Promise<void>((resolve) => (secondPageAsked = resolve));
    ehr.gate = async (offset) => {
      if (offset === 0) return;
      secondPageAsked();
      await released;
    };
    const queued = await first.app.inject({ method: 'POST', url: `${EPIC}/sync`, headers: admin, payload: {} });
    expect(queued.statusCode, queued.body).toBe(202);
    const id: string = queued.json().run.id;
    await asked;
    const running = await runRow(test.database.db, id);
    expect(running).toMatchObject({ status: 'running', attempts: 1 });
    const closing = first.app.close();
    release();
    await closing;
    await first.database.close();
    ehr.gate = null;
    // Handed back: queued again, its first page kept (applied in its own transaction), the second undone.
    expect(await runRow(test.database.db, id)).toMatchObject({ status: 'queued', attempts: 1 });
    expect(await rows(test.database.db, sql`select first_name from patients where last_name = 'Worker' order by first_name`)).toHaveLength(2);

    const second = await instance();
    current = second.app;
    try {
      let row = await runRow(test.database.db, id);
      for (let i = 0; i < 200 && row.status !== 'succeeded' && row.status !== 'failed'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        row = await runRow(test.database.db, id);
      }
      expect(row).toMatchObject({
        status: 'succeeded',
        attempts: 2,
        error: null,
        summary: expect.objectContaining({ created: 1, unchanged: 2, complete: true }),
      });
      const names = await rows<{ first_name: string }>(
        test.database.db,
        sql`select first_name from patients where last_name = 'Worker' order by first_name`,
      );
      expect(names.map((p) => p.first_name)).toEqual(['Ann', 'Bo', 'Cai']);
    } finally {
      await second.app.close();
      await second.database.close();
    }
  });

  it('a run whose instance died (its heartbeat went stale) is taken up by another instance', async () => {
    const first = await instance();
    current = first.app;
    const admin = await signInAs(first.app, 'admin@demo.clinic');
    ehr.patients.push(fhirPatient('w4', 'Worker', 'Dee', '1973-01-01'));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked!: () => void;
    const searching = new Promise<void>((resolve) => (asked = resolve));
    ehr.gate = async () => {
      asked();
      await released;
    };
    const queued = await first.app.inject({ method: 'POST', url: `${EPIC}/sync`, headers: admin, payload: {} });
    expect(queued.statusCode, queued.body).toBe(202);
    const id: string = queued.json().run.id;
    await searching;
    // The instance loses its database mid-run, as a killed process would: nothing is handed back.
    await first.database.close();
    ehr.gate = null;
    release();
    await first.app.close();
    expect(await runRow(test.database.db, id)).toMatchObject({ status: 'running', attempts: 1 });
    // Its heartbeat goes stale, then another instance comes up.
    await test.database.db.execute(sql`update ehr_sync_runs set heartbeat_at = now() - interval '3 minutes' where id = ${id}`);
    const second = await instance();
    current = second.app;
    try {
      let row = await runRow(test.database.db, id);
      for (let i = 0; i < 400 && row.status !== 'succeeded' && row.status !== 'failed'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        row = await runRow(test.database.db, id);
      }
      expect(row).toMatchObject({
        status: 'succeeded',
        attempts: 2,
        summary: expect.objectContaining({ created: 1, unchanged: 3, complete: true }),
      });
    } finally {
      await second.app.close();
      await second.database.close();
    }
  });
});
