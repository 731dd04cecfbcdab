import { describe, expect, it } from 'vitest';
import { localDate, queueScoring, type QueueVitalSigns } from '@clinic/domain';
import { sql } from 'drizzle-orm';
import { freshAddress, rows, useTestApp } from '../../test/harness.js';
import { queueEntries } from '../schema/index.js';

describe('the demo queue (npm start on a fresh database)', () => {
  const t = useTestApp({ seed: { queue: true }, as: 'nurse' });

  it('shows at least a dozen open entries with varied risk, some above 80, and vitals on several', async () => {
    const res = await t.get('/api/triage/waiting-room');
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
    // The stats and the public board read the stored risk score (`modules/queue/queue-summary.ts`).
    const entries = await t.database.db.select().from(queueEntries);
    const stale = entries.filter((e) => {
      const vitals = e.vitalSigns as QueueVitalSigns | null;
      const input = { ...e, vitalSigns: vitals ? { ...vitals, supplementalOxygen: e.supplementalOxygen } : null };
      return queueScoring(input).riskScore !== e.riskScore;
    });
    expect(stale.map((e) => e.id)).toEqual([]);
  });

  it('a check-in after the seed takes the next free queue number', async () => {
    const today = localDate('America/Los_Angeles');
    const [before] = await rows<{ max: number | null }>(
      t.database.db,
      sql`select max(queue_number)::int as max from queue_entries where queue_date = ${today}`,
    );
    const res = await t.anon.post(
      '/api/triage/case',
      { firstName: 'Nina', lastName: 'Okafor', phoneNumber: '555-010-4242', chiefComplaint: 'Sprained ankle' },
      { remoteAddress: freshAddress() },
    );
    expect(res.statusCode).toBe(201);
    const numbers = await rows<{ queue_date: string; queue_number: number }>(
      t.database.db,
      sql`select queue_date::text, queue_number from queue_entries`,
    );
    expect(new Set(numbers.map((r) => `${r.queue_date}#${r.queue_number}`)).size).toBe(numbers.length);
    expect(res.json().queueNumber).toBe((before.max ?? 0) + 1);
  });
});
