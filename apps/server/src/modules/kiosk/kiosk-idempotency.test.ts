import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOtherOrganization, freshAddress, rows, useTestApp } from '../../test/harness.js';

/**
 * The kiosk check-in with an `Idempotency-Key` (platform/idempotency.ts): a retry after a lost
 * answer creates nothing more and gets the first answer; the key is checked, scoped to the
 * organization and expires after a day. Runs on PostgreSQL when DATABASE_URL is set (the
 * simultaneous duplicates then really race on the pool's connections).
 */
const kioskCase = (over: Record<string, unknown> = {}) => ({
  firstName: 'Ida',
  lastName: 'Retry',
  dateOfBirth: '1961-09-14',
  chiefComplaint: 'Dizziness',
  symptoms: ['dizziness'],
  painLevel: 3,
  ...over,
});

const t = useTestApp();

/** A check-in from its own address, so the per-address kiosk limit never decides a test. */
function checkIn(payload: object, key?: string, url = '/api/triage/case') {
  return t.post(url, payload, { headers: key === undefined ? {} : { 'idempotency-key': key }, remoteAddress: freshAddress() });
}

const entriesNamed = (lastName: string) =>
  rows<{ id: string; queue_number: number }>(t.database.db, sql`select id, queue_number from queue_entries where last_name = ${lastName}`);
const count = async (table: string) =>
  (await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0].n;

describe('kiosk check-in with an Idempotency-Key', () => {
  it('answers a retry with the first answer (same case and queue number) and writes once', async () => {
    const key = crypto.randomUUID();
    const body = kioskCase({ lastName: 'Sequential' });
    const audits = await count('audit_events');
    const first = await checkIn(body, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await checkIn(body, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    // The check-in's other URL shares the key.
    const alias = await checkIn(body, key, '/api/triage/case/kiosk');
    expect(alias.statusCode).toBe(201);
    expect(alias.json()).toEqual(first.json());

    expect(await entriesNamed('Sequential')).toEqual([{ id: first.json().case.id, queue_number: first.json().queueNumber }]);
    const patients = await rows(t.database.db, sql`select id from patients where last_name = 'Sequential'`);
    expect(patients).toHaveLength(1);
    // One audit row (the check-in and its patient), none for the replays.
    const checkedIn = await rows(
      t.database.db,
      sql`select id from audit_events where action = 'queue.checked-in' and entity_id = ${first.json().case.id}`,
    );
    expect(checkedIn).toHaveLength(1);
    expect((await count('audit_events')) - audits).toBe(2);
    // The key is stored with a hash of the request, not the request.
    const [stored] = await rows(t.database.db, sql`select * from idempotency_keys where key = ${key}`);
    expect(stored).toMatchObject({ organization_id: 'default-clinic', scope: 'kiosk.check-in', response_status: 201, response_body: first.json() });
    expect(stored.request_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain('Dizziness');
  });

  it('refuses the same key with a different request (422), writing nothing and showing nothing of the first', async () => {
    const key = crypto.randomUUID();
    const first = await checkIn(kioskCase({ lastName: 'Original' }), key);
    expect(first.statusCode).toBe(201);
    const entries = await count('queue_entries');
    const other = await checkIn(kioskCase({ lastName: 'Intruder' }), key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ success: false, code: 'request/idempotency-key-reused' });
    expect(other.json().message).toMatch(/already used for a different request/);
    expect(other.body).not.toContain(first.json().case.id);
    expect(other.body).not.toContain('Original');
    // Another clinic with the same body is another request too.
    const clinic = await t.as('admin').post('/api/clinics', { name: 'Retry Annex' });
    expect(clinic.statusCode).toBe(201);
    const elsewhere = await checkIn({ ...kioskCase({ lastName: 'Original' }), clinicId: clinic.json().clinic.id }, key);
    expect(elsewhere.statusCode).toBe(422);
    expect(await count('queue_entries')).toBe(entries);
  });

  it('creates exactly one entry for simultaneous duplicates, and each answer is the first', async () => {
    const keys = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const attempts = keys.flatMap((key, k) => Array.from({ length: 4 }, () => ({ key, lastName: `Racer${k}` })));
    const answers = await Promise.all(attempts.map((a) => checkIn(kioskCase({ lastName: a.lastName }), a.key)));
    expect(answers.map((a) => a.statusCode)).toEqual(attempts.map(() => 201));
    for (const [k, key] of keys.entries()) {
      const mine = answers.filter((_, i) => attempts[i].key === key).map((a) => a.json());
      expect(new Set(mine.map((m) => m.case.id)).size).toBe(1);
      expect(new Set(mine.map((m) => m.queueNumber)).size).toBe(1);
      expect(await entriesNamed(`Racer${k}`)).toEqual([{ id: mine[0].case.id, queue_number: mine[0].queueNumber }]);
    }
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(attempts.length - keys.length);
  });

  it('refuses a malformed key with a 400 and writes nothing', async () => {
    const entries = await count('queue_entries');
    for (const key of ['short', 'x'.repeat(101), 'has space inside', 'semi;colon-key', 'ключ-ключ-ключ', '']) {
      const res = await checkIn(kioskCase({ lastName: 'Malformed' }), key);
      expect(res.statusCode, `key ${JSON.stringify(key)}`).toBe(400);
      expect(res.json().issues).toEqual([{ path: 'Idempotency-Key', message: expect.stringMatching(/8 to 100/) }]);
    }
    expect(await count('queue_entries')).toBe(entries);
    expect((await checkIn(kioskCase({ lastName: 'Edges' }), 'a'.repeat(8))).statusCode).toBe(201);
    expect((await checkIn(kioskCase({ lastName: 'Edges' }), `A-z_0${'9'.repeat(95)}`)).statusCode).toBe(201);
  });

  it('works as before without a key: every submission is a new entry', async () => {
    const a = await checkIn(kioskCase({ lastName: 'Keyless' }));
    const b = await checkIn(kioskCase({ lastName: 'Keyless' }));
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().case.id).not.toBe(b.json().case.id);
    expect(await entriesNamed('Keyless')).toHaveLength(2);
  });

  it('stores nothing for a refused request: the same key then works', async () => {
    const key = crypto.randomUUID();
    const bad = await checkIn({ ...kioskCase({ lastName: 'Later' }), painLevel: 11 }, key);
    expect(bad.statusCode).toBe(400);
    const unknown = await checkIn({ ...kioskCase({ lastName: 'Later' }), clinicId: 'no-such-clinic' }, key);
    expect(unknown.statusCode).toBe(404);
    expect(await rows(t.database.db, sql`select key from idempotency_keys where key = ${key}`)).toEqual([]);
    expect((await checkIn(kioskCase({ lastName: 'Later' }), key)).statusCode).toBe(201);
  });

  it('keeps keys per organization: the same key in another organization is its own check-in', async () => {
    const other = await createOtherOrganization(t.app, 'idempotency-owner@other.org');
    const key = crypto.randomUUID();
    const body = kioskCase({ lastName: 'TwoOrgs' });
    const here = await checkIn(body, key);
    const there = await checkIn({ ...body, organizationId: other.organizationId, clinicId: other.clinicId }, key);
    expect([here.statusCode, there.statusCode]).toEqual([201, 201]);
    expect(there.headers['idempotent-replayed']).toBeUndefined();
    expect(there.json().case.id).not.toBe(here.json().case.id);
    const stored = await rows(t.database.db, sql`select organization_id from idempotency_keys where key = ${key} order by organization_id`);
    expect(stored.map((r) => r.organization_id).sort()).toEqual(['default-clinic', other.organizationId].sort());
  });

  it('forgets a key after 24 hours: it may be used again, and expired rows are cleaned up on write', async () => {
    const key = crypto.randomUUID();
    const stale = crypto.randomUUID();
    const body = kioskCase({ lastName: 'Tomorrow' });
    const first = await checkIn(body, key);
    await checkIn(kioskCase({ lastName: 'Stale' }), stale);
    await t.database.db.execute(sql`update idempotency_keys set created_at = now() - interval '25 hours' where key in (${key}, ${stale})`);
    const again = await checkIn(body, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.json().case.id).not.toBe(first.json().case.id);
    expect(await rows(t.database.db, sql`select key from idempotency_keys where key = ${stale}`)).toEqual([]);
    const [renewed] = await rows(t.database.db, sql`select response_body from idempotency_keys where key = ${key}`);
    expect(renewed.response_body).toEqual(again.json());
  });

  it('documents the header in the API description', async () => {
    const doc = (await t.get('/api/openapi.json')).json();
    const params = doc.paths['/api/triage/case'].post.parameters as Array<{ name: string; in: string }>;
    expect(params).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }));
  });
});
