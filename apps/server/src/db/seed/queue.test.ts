import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '@clinic/domain';
import { sql } from 'drizzle-orm';
import { createTestApp, DEMO_PASSWORD, freshAddress, rows, signInAs, type TestApp } from '../../test/harness.js';
import { seedDemo } from './demo.js';

describe('the demo queue (npm start on a fresh database)', () => {
  let t: TestApp;
  let nurse: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    await seedDemo(t.database.db, DEMO_PASSWORD, { queue: true });
    nurse = await signInAs(t.app, 'nurse@demo.clinic');
  });
  afterAll(() => t?.close());

  it('shows at least a dozen open entries with varied risk, some above 80, and vitals on several', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/triage/waiting-room', headers: nurse });
    expect(res.statusCode).toBe(200);
    const patients = res.json().patients as Array<{ status: string; riskScore: number; vitalSigns: unknown; news2: unknown; waitTime: number }>;
    expect(patients.length).toBeGreaterThanOrEqual(12);
    expect(patients.filter((p) => p.status === 'in-progress').length).toBeGreaterThanOrEqual(2);
    expect(patients.filter((p) => p.riskScore > 80).length).toBeGreaterThanOrEqual(2);
    expect(patients.filter((p) => p.riskScore < 40).length).toBeGreaterThanOrEqual(3);
    expect(patients.filter((p) => p.vitalSigns !== null && p.news2 !== null).length).toBeGreaterThanOrEqual(5);
    // Times are relative to the seed: people have been waiting minutes, not days.
    expect(Math.max(...patients.map((p) => p.waitTime))).toBeLessThan(120);
  });

  it('has entries seen earlier, each with its history, and the stored scores match the rules', async () => {
    const done = await rows<{ status: string; n: number }>(
      t.database.db,
      sql`select status, count(*)::int as n from queue_entries where status not in ('waiting', 'in-progress') group by status`,
    );
    expect(done.reduce((sum, r) => sum + r.n, 0)).toBeGreaterThanOrEqual(3);
    const orphans = await rows(
      t.database.db,
      sql`select e.id from queue_entries e where not exists (select 1 from queue_transitions h where h.entry_id = e.id and h.action = 'create')`,
    );
    expect(orphans).toEqual([]);
    const linked = await rows(t.database.db, sql`select 1 from queue_entries where patient_id is not null`);
    expect(linked.length).toBeGreaterThanOrEqual(10);
  });

  it('a check-in after the seed takes the next free queue number', async () => {
    const today = localDate('America/Los_Angeles');
    const [before] = await rows<{ max: number | null }>(
      t.database.db,
      sql`select max(queue_number)::int as max from queue_entries where queue_date = ${today}`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/triage/case',
      remoteAddress: freshAddress(),
      payload: { firstName: 'Nina', lastName: 'Okafor', phoneNumber: '555-010-4242', chiefComplaint: 'Sprained ankle' },
    });
    expect(res.statusCode).toBe(201);
    const numbers = await rows<{ queue_date: string; queue_number: number }>(
      t.database.db,
      sql`select queue_date::text, queue_number from queue_entries`,
    );
    expect(new Set(numbers.map((r) => `${r.queue_date}#${r.queue_number}`)).size).toBe(numbers.length);
    expect(res.json().queueNumber).toBe((before.max ?? 0) + 1);
  });
});
