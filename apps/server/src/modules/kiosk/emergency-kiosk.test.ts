import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEventsOf, freshAddress, rows, useTestApp } from '../../test/harness.js';

/**
 * The emergency-room kiosk's check-in: the same `POST /api/triage/case` as the patient
 * kiosk with `source: 'emergency-kiosk'` and a quick pick. A critical pick makes the entry an
 * emergency and raises exactly one CRITICAL EMERGENCY_CHECKIN alert in the same transaction.
 */
const erCase = (over: Record<string, unknown> = {}) => ({
  source: 'emergency-kiosk',
  quickPick: 'chest-pain',
  name: 'Olga Brandt',
  age: 61,
  phoneNumber: '555 300 1000',
  ...over,
});

describe('emergency-kiosk check-in', () => {
  const t = useTestApp();
  const post = (payload: object, headers: Record<string, string> = {}, remoteAddress = freshAddress()) =>
    t.post('/api/triage/case', payload, { headers, remoteAddress });
  const entry = async (id: string) => (await rows(t.database.db, sql`select * from queue_entries where id = ${id}`))[0];
  const alertsOf = (id: string) =>
    rows<{ type: string; severity: string; status: string; patient_id: string | null }>(
      t.database.db,
      sql`select type, severity, status, patient_id from emergency_alerts where queue_entry_id = ${id}`,
    );

  it('keeps the source, files the pick as chief complaint in the emergency department and raises one CRITICAL alert', async () => {
    const res = await post(erCase());
    expect(res.statusCode).toBe(201);
    const id = res.json().case.id;
    expect(await entry(id)).toMatchObject({
      source: 'emergency-kiosk',
      department: 'emergency',
      requested_priority: 'emergency',
      chief_complaint: 'Chest pain',
      first_name: 'Olga',
      last_name: 'Brandt',
      age: 61,
      status: 'waiting',
    });
    const alerts = await alertsOf(id);
    expect(alerts.filter((a) => a.severity === 'CRITICAL')).toEqual([
      { type: 'EMERGENCY_CHECKIN', severity: 'CRITICAL', status: 'ACTIVE', patient_id: expect.any(String) },
    ]);
    expect((await auditEventsOf(t.database.db, 'queue.checked-in')).some((a) => a.details?.via === 'emergency-kiosk')).toBe(true);
  });

  it('takes a critical pick without a name: an unnamed entry, no directory record, still the alert', async () => {
    const patientsBefore = (await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from patients`))[0].n;
    const res = await post(erCase({ quickPick: 'stroke-signs', name: '', age: undefined, phoneNumber: undefined }));
    expect(res.statusCode).toBe(201);
    const id = res.json().case.id;
    expect(await entry(id)).toMatchObject({ first_name: 'Unknown', last_name: 'patient', patient_id: null, chief_complaint: 'Stroke signs' });
    expect(await alertsOf(id)).toEqual([{ type: 'EMERGENCY_CHECKIN', severity: 'CRITICAL', status: 'ACTIVE', patient_id: null }]);
    expect((await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from patients`))[0].n).toBe(patientsBefore);
  });

  it('raises no alert for a non-critical pick, which needs a name (one word is enough)', async () => {
    const missing = await post(erCase({ quickPick: 'fever', name: '' }));
    expect(missing.statusCode).toBe(400);
    const res = await post(erCase({ quickPick: 'fever', name: 'Cher', age: undefined, dateOfBirth: '1990-05-01' }));
    expect(res.statusCode).toBe(201);
    const id = res.json().case.id;
    expect(await entry(id)).toMatchObject({
      requested_priority: 'routine',
      department: 'emergency',
      first_name: 'Cher',
      last_name: '',
      chief_complaint: 'Fever',
    });
    expect(await alertsOf(id)).toEqual([]);
  });

  it('refuses a check-in without a quick pick, or with an unknown one', async () => {
    expect((await post(erCase({ quickPick: undefined }))).statusCode).toBe(400);
    expect((await post(erCase({ quickPick: 'headache' }))).statusCode).toBe(400);
  });

  it('shares the Idempotency-Key with the kiosk: a retry is the first answer, one entry, one alert', async () => {
    const key = crypto.randomUUID();
    const body = erCase({ name: 'Ivo Replay', quickPick: 'severe-bleeding' });
    const first = await post(body, { 'idempotency-key': key });
    const retry = await post(body, { 'idempotency-key': key });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    // The patient kiosk's other URL answers the same key with the same check-in.
    const other = await t.post('/api/triage/case/kiosk', body, { headers: { 'idempotency-key': key }, remoteAddress: freshAddress() });
    expect(other.json()).toEqual(first.json());
    const entries = await rows(t.database.db, sql`select id from queue_entries where last_name = 'Replay'`);
    expect(entries).toHaveLength(1);
    expect(await alertsOf(first.json().case.id)).toHaveLength(1);
  });

  it('shares the per-address limit with the kiosk: 30 a minute across both kiosks', async () => {
    const address = '10.98.0.1';
    const codes: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const payload =
        i % 2 === 0 ? erCase({ quickPick: 'fever', name: `Flood ${i}` }) : { firstName: 'Kiosk', lastName: `Flood${i}`, chiefComplaint: 'Cough' };
      codes.push((await post(payload, {}, address)).statusCode);
    }
    expect(codes.slice(0, 30).every((c) => c === 201)).toBe(true);
    expect(codes[30]).toBe(429);
  });
});
