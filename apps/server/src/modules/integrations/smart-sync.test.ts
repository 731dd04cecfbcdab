import { sql } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standInPolicy } from '../../platform/outbound.testing.js';
import { withTenant } from '../../platform/tenant-tx.js';
import { auditEventsOf, createOtherOrganization, json, rows, useTestApp } from '../../test/harness.js';
import { currentSigningKey } from './signing-keys.js';
import { fhirPatient, finishedRun, publishedJwks, startSmartStandIn, type SmartStandIn } from './smart-sync.fixtures.js';
import { signAssertion } from './smart-token.js';

/**
 * SMART Backend Services end to end against an EHR started here (`smart-sync.fixtures.ts`), which
 * checks every assertion against the JWKS the app publishes: Test Connection and Sync Patients sign
 * in with a signed assertion, the access token is reused while it lasts, a replayed or expired
 * assertion is refused, a refused sign-in ends the run with the EHR's reason, and a rotated key
 * stays published while the new one signs.
 */
const EHR_HOST = 'smart-ehr.hospital.test';
const CLIENT_ID = 'clinicflow-backend-test';
const ORG = 'default-clinic';
const t = useTestApp({ as: 'admin', outbound: standInPolicy({ [EHR_HOST]: '10.20.30.50' }, EHR_HOST), ehrSyncMs: 60_000 });
const EPIC = '/api/settings/integrations/epic';

let ehr: SmartStandIn;
beforeAll(async () => {
  ehr = await startSmartStandIn({ host: EHR_HOST, clientId: CLIENT_ID, jwks: () => publishedJwks(t, ORG) });
  ehr.patients.push(
    fhirPatient('s1', 'Smart', 'Ada', '1960-01-01'),
    fhirPatient('s2', 'Smart', 'Ben', '1961-02-02'),
    fhirPatient('s3', 'Smart', 'Cy', '1962-03-03'),
  );
});
afterAll(() => ehr?.close());

/** Queues Sync Patients and waits for the app's worker to end the run. */
async function sync(): Promise<Record<string, any>> {
  const res = await t.post(`${EPIC}/sync`, {});
  expect(res.statusCode, res.body).toBe(202);
  expect(['queued', 'running']).toContain(json(res).run.status);
  return finishedRun(t, json(res).run.id);
}

describe('the JWKS', () => {
  it('publishes nothing for an unknown organization, and no key before the connection needs one', async () => {
    expect((await t.anon.get('/api/integrations/epic/jwks.json?organizationId=no-such-org')).statusCode).toBe(404);
    expect((await t.anon.get('/api/integrations/epic/jwks.json')).statusCode).toBe(400);
    expect(await publishedJwks(t, ORG)).toEqual({ keys: [] });
  });

  it('gets a key when an Admin saves a SMART connection, and shows the Admin its absolute URL', async () => {
    expect((await t.as('doctor').get(`${EPIC}/smart`)).statusCode).toBe(403);
    const saved = await t.put(EPIC, { enabled: true, baseUrl: ehr.base, clientId: CLIENT_ID, authMethod: 'smart-backend' });
    expect(saved.statusCode, saved.body).toBe(200);
    const { keys } = await publishedJwks(t, ORG);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-384', alg: 'ES384', use: 'sig', kid: expect.any(String) });
    // Only public halves leave the server.
    expect(keys[0]).not.toHaveProperty('d');
    const details = json(await t.get(`${EPIC}/smart`));
    expect(details.jwksUrl).toBe(`http://localhost:80/api/integrations/epic/jwks.json?organizationId=${ORG}`);
    expect(details.keys).toEqual([expect.objectContaining({ kid: keys[0].kid, algorithm: 'ES384', retiredAt: null, publishedUntil: null })]);
    // Sealed by the secret box: the database holds no private key in the clear.
    const [stored] = await rows<{ private_key: string }>(
      t.database.db,
      sql`select private_key from integration_signing_keys where organization_id = ${ORG}`,
    );
    expect(stored.private_key).toMatch(/^sealed:v1:/);
    expect(stored.private_key).not.toContain('"d"');
    expect((await auditEventsOf(t.database.db, 'organization.integration-key-created')).at(-1)?.details).toMatchObject({ kid: keys[0].kid });
  });

  it("reads only the organization it names: another organization's JWKS has none of these keys", async () => {
    const other = await createOtherOrganization(t.app, 'owner@jwks.example');
    expect(await publishedJwks(t, other.organizationId)).toEqual({ keys: [] });
  });
});

describe('signing in over SMART Backend Services', () => {
  it('Test Connection reads the CapabilityStatement and signs in with an assertion the EHR verifies against the JWKS', async () => {
    const res = json(await t.post(`${EPIC}/test`, {}));
    expect(res).toEqual({ success: true, ok: true, fhirVersion: '4.0.1', software: 'Stand-in EHR', error: null });
    expect(ehr.tokenRequests.map((r) => r.status)).toEqual([200]);
    const claims = decodeJwt(ehr.tokenRequests[0].assertion);
    expect(claims).toMatchObject({ iss: CLIENT_ID, sub: CLIENT_ID, aud: ehr.tokenEndpoint, jti: expect.any(String) });
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(300);
    expect(decodeProtectedHeader(ehr.tokenRequests[0].assertion)).toMatchObject({ alg: 'ES384', kid: (await publishedJwks(t, ORG)).keys[0].kid });
  });

  it('a replayed assertion is refused by the EHR, and every sign-in sends a new jti', async () => {
    const replay = await ehr.postAssertion(ehr.tokenRequests[0].assertion);
    expect(replay).toEqual({ status: 400, body: { error: 'invalid_client', error_description: 'jti already used' } });
    expect(json(await t.post(`${EPIC}/test`, {})).ok).toBe(true);
    // The server's own requests (the replay aside) were all taken, each with its own jti.
    const sent = ehr.tokenRequests.filter((r) => r.status === 200).map((r) => decodeJwt(r.assertion).jti);
    expect(sent).toHaveLength(2);
    expect(new Set(sent).size).toBe(2);
  });

  it('an expired assertion is refused by the EHR', async () => {
    const key = await withTenant(t.appDatabase.db, ORG, (tx) => currentSigningKey(tx, ORG));
    const old = await signAssertion(key!, CLIENT_ID, ehr.tokenEndpoint, new Date(Date.now() - 10 * 60_000));
    expect(await ehr.postAssertion(old)).toEqual({ status: 400, body: { error: 'invalid_client', error_description: 'assertion expired' } });
  });
});

describe('Sync Patients as a background job, signed in over SMART', () => {
  it('queues a run the worker works to its end; the history shows its progress and summary, the audit names the requester', async () => {
    const tokensBefore = ehr.tokenRequests.length;
    const run = await sync();
    expect(run).toMatchObject({
      status: 'succeeded',
      requestedBy: 'Adam Alvarez',
      attempts: 1,
      error: null,
      progress: { pagesRead: 2, patientsProcessed: 3 },
      summary: { created: 3, updated: 0, unchanged: 0, skipped: 0, errors: 0, pages: 2, complete: true },
    });
    expect(run.startedAt).not.toBeNull();
    expect(run.finishedAt).not.toBeNull();
    // Test Connection's token is reused: the sync asked for none.
    expect(ehr.tokenRequests.length).toBe(tokensBefore);
    expect(ehr.seenAuthorizations.every((a) => /^Bearer at-/.test(a))).toBe(true);
    const admin = await rows<{ id: string }>(t.database.db, sql`select id from users where email = 'admin@demo.clinic'`);
    const created = await rows(
      t.database.db,
      sql`select created_by, clinic_id from patients where organization_id = ${ORG} and last_name = 'Smart'`,
    );
    expect(created).toHaveLength(3);
    expect(created.every((p) => p.created_by === admin[0].id && p.clinic_id === ORG)).toBe(true);
    const synced = (await auditEventsOf(t.database.db, 'organization.patients-synced')).at(-1)!;
    expect(synced).toMatchObject({ actor_user_id: admin[0].id, details: expect.objectContaining({ runId: run.id, created: 3 }) });
    const patientAudits = await rows(
      t.database.db,
      sql`select actor_user_id from audit_events where organization_id = ${ORG} and action = 'patient.created' and details ->> 'via' = 'ehr-sync'`,
    );
    expect(patientAudits.length).toBeGreaterThanOrEqual(3);
    expect(patientAudits.every((a) => a.actor_user_id === admin[0].id)).toBe(true);
    const [org] = await rows(
      t.database.db,
      sql`select settings -> 'integrations' -> 'epic' ->> 'lastSync' as last from organizations where id = ${ORG}`,
    );
    expect(org.last).toBe(run.summary.lastSync);
  });

  it('a second sync within the token’s life requests no new token and changes nothing', async () => {
    const tokensBefore = ehr.tokenRequests.length;
    const run = await sync();
    expect(run.summary).toMatchObject({ created: 0, unchanged: 3, complete: true });
    expect(ehr.tokenRequests.length).toBe(tokensBefore);
  });

  it('lists the runs newest first, limited, with the total', async () => {
    const res = json(await t.get(`${EPIC}/sync-runs?limit=1`));
    expect(res.total).toBe(2);
    expect(res.runs).toHaveLength(1);
    expect(res.runs[0].summary.unchanged).toBe(3);
    expect((await t.get(`${EPIC}/sync-runs?limit=0`)).statusCode).toBe(400);
    expect((await t.as('manager').get(`${EPIC}/sync-runs`)).statusCode).toBe(403);
  });

  it('a refused sign-in ends the run failed with the EHR’s reason, which the history carries; Test Connection says the same', async () => {
    // A new client id: the cached token belongs to the old one.
    expect((await t.put(EPIC, { clientId: `${CLIENT_ID}-2` })).statusCode).toBe(200);
    ehr.refusal = { error: 'invalid_client', error_description: 'jti already used' };
    const reason = 'The EHR refused the sign-in: invalid_client (jti already used)';
    try {
      const run = await sync();
      expect(run).toMatchObject({ status: 'failed', error: reason, summary: { errors: 1, pages: 0, complete: false, messages: [reason] } });
      expect(json(await t.post(`${EPIC}/test`, {}))).toMatchObject({ ok: false, error: reason });
      // The access token never reaches the screen or the audit trail.
      const audits = JSON.stringify(await auditEventsOf(t.database.db, 'organization.patients-synced'));
      expect(audits).not.toMatch(/at-[0-9a-f-]{36}/);
    } finally {
      ehr.refusal = null;
      expect((await t.put(EPIC, { clientId: CLIENT_ID })).statusCode).toBe(200);
    }
  });
});

describe('Rotate key', () => {
  it('retires the old key, which stays published for an hour, while the new one signs', async () => {
    const before = (await publishedJwks(t, ORG)).keys;
    expect(before).toHaveLength(1);
    expect((await t.as('manager').post(`${EPIC}/smart/rotate-key`, {})).statusCode).toBe(403);
    const rotated = await t.post(`${EPIC}/smart/rotate-key`, {});
    expect(rotated.statusCode, rotated.body).toBe(200);
    const keys = json(rotated).keys;
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatchObject({ retiredAt: null, publishedUntil: null });
    expect(keys[1]).toMatchObject({ kid: before[0].kid, retiredAt: expect.any(String) });
    expect(new Date(keys[1].publishedUntil).getTime() - new Date(keys[1].retiredAt).getTime()).toBe(3600_000);
    const published = (await publishedJwks(t, ORG)).keys.map((k) => k.kid);
    expect(published).toEqual([keys[0].kid, before[0].kid]);
    // Test Connection signs in afresh: with the new key.
    expect(json(await t.post(`${EPIC}/test`, {})).ok).toBe(true);
    expect(ehr.tokenRequests.at(-1)).toMatchObject({ status: 200, kid: keys[0].kid });
    expect((await auditEventsOf(t.database.db, 'organization.integration-key-rotated')).at(-1)?.details).toMatchObject({
      kid: keys[0].kid,
      retired: [before[0].kid],
    });
    // An hour after its retirement the old key is no longer published.
    await t.database.db.execute(
      sql`update integration_signing_keys set retired_at = now() - interval '61 minutes' where organization_id = ${ORG} and kid = ${before[0].kid}`,
    );
    expect((await publishedJwks(t, ORG)).keys.map((k) => k.kid)).toEqual([keys[0].kid]);
  });
});

describe('a connection saved before the sign-in method existed', () => {
  it('keeps using its saved bearer token; a new connection without one signs in over SMART', async () => {
    const other = await createOtherOrganization(t.app, 'owner@legacy-epic.example');
    const owner = t.as(other.headers);
    expect((await owner.put(EPIC, { enabled: true, baseUrl: ehr.base, bearerToken: 'legacy-token' })).statusCode).toBe(200);
    // As a connection saved before: no method in the settings.
    await t.database.db.execute(
      sql`update organizations set settings = settings #- '{integrations,epic,authMethod}' where id = ${other.organizationId}`,
    );
    const info = json(await owner.get('/api/org/info')).organization;
    expect(info.epic.authMethod).toBeUndefined();
    expect(info.epicBearerTokenSet).toBe(true);
    const tokens = ehr.tokenRequests.length;
    const seen = ehr.seenAuthorizations.length;
    const res = await owner.post(`${EPIC}/sync`, {});
    expect(res.statusCode).toBe(202);
    const run = await finishedRun(t, json(res).run.id, other.headers);
    // The stand-in takes only its own tokens: the legacy token was sent, and refused.
    expect(run.status).toBe('failed');
    expect(ehr.seenAuthorizations.slice(seen)).toEqual(['Bearer legacy-token']);
    expect(ehr.tokenRequests.length).toBe(tokens);

    // A connection saved now without a token signs in over SMART: its JWKS gets a key at once.
    const fresh = await createOtherOrganization(t.app, 'owner@new-epic.example');
    expect((await t.as(fresh.headers).put(EPIC, { enabled: true, baseUrl: ehr.base, clientId: 'new-client' })).statusCode).toBe(200);
    expect((await publishedJwks(t, fresh.organizationId)).keys).toHaveLength(1);
    expect((await auditEventsOf(t.database.db, 'organization.integration-updated')).at(-1)?.details).toMatchObject({ authMethod: 'smart-backend' });
  });
});
