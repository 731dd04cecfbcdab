import { ASSESSMENT_BANDS, startedWithinTarget, waitMinutes } from '@clinic/domain';
import { sql } from 'drizzle-orm';
import { queueEntries } from '../../db/schema/index.js';
import { describe, expect, it } from 'vitest';
import { createOtherOrganization, rows, useTestApp } from '../../test/harness.js';
import { kioskCheckIns } from '../../test/kiosk-check-ins.js';
import { deriveEntry } from './queue-scoring.js';

/**
 * The stats and the public board read the stored risk score (`queue-summary.ts`); the waiting room
 * derives every field from the entry's inputs. These agree only while every write keeps the stored
 * score current: the check-in and the vital signs here, the demo seed in `db/seed/queue.test.ts`.
 */
describe('the queue summary', () => {
  const t = useTestApp({ as: 'nurse' });
  const checkIn = kioskCheckIns(t, { firstName: 'Sum', lastName: 'Mary', phonePrefix: '555-010-', chiefComplaint: 'Cough' });
  const board = () => t.app.inject({ method: 'GET', url: '/api/triage/cds-queue/public?organizationId=default-clinic&clinicId=default-clinic' });

  it('gives the stats and board the waiting room gives, after check-ins, vital signs, care started and ended', async () => {
    const calm = await checkIn({ chiefComplaint: 'Sore knee' });
    const chest = await checkIn({ chiefComplaint: 'Chest pain', symptoms: ['chest pain'], age: 78, medicalHistory: ['heart disease'] });
    const breathless = await checkIn({ chiefComplaint: 'Short of breath', symptoms: ['shortness of breath'], age: 64 });
    expect(
      (await t.post(`/api/triage/waiting-room/${breathless}/vitals`, { heartRate: 135, oxygenSaturation: 89, respiratoryRate: 28 })).statusCode,
    ).toBe(200);
    expect((await t.post(`/api/triage/waiting-room/${calm}/vitals`, { heartRate: 80, oxygenSaturation: 91, respiratoryRate: 16 })).statusCode).toBe(
      200,
    );
    expect((await t.post(`/api/triage/waiting-room/${chest}/start`, {})).statusCode).toBe(200);
    expect((await t.post(`/api/triage/waiting-room/${chest}/complete`, {})).statusCode).toBe(200);
    expect((await t.post(`/api/triage/waiting-room/${breathless}/start`, {})).statusCode).toBe(200);

    const room = (await t.get('/api/triage/waiting-room')).json();
    const stats = (await t.get('/api/triage/waiting-room/stats')).json().stats;
    const publicBoard = (await board()).json();
    // The waiting room's own stats come from the full derivation of the same entries.
    expect(stats).toEqual(room.stats);
    expect(publicBoard.stats).toEqual(room.stats);
    const urgencyByNumber = new Map(room.patients.map((p: { queueNumber: number; urgencyLevel: string }) => [p.queueNumber, p.urgencyLevel]));
    expect(publicBoard.patients).toHaveLength(room.patients.length);
    for (const line of publicBoard.patients) expect(line.urgencyLevel).toBe(urgencyByNumber.get(line.queueNumber));
    expect(stats.cdsAlerts).toBeGreaterThanOrEqual(1);
    // Both an entry in care and one whose care ended (compliance) are counted.
    expect(stats.totalInProgress).toBeGreaterThanOrEqual(1);
    expect(stats.guidelineCompliance).not.toBeNull();
  });

  it('keeps every stored risk score equal to the one derived from the entry', async () => {
    await checkIn({ chiefComplaint: 'Fever', symptoms: ['fever', 'headache'], age: 3 });
    const entries = await t.database.db.select().from(queueEntries);
    expect(entries.length).toBeGreaterThanOrEqual(4);
    const now = new Date();
    const stale = entries.filter((e) => deriveEntry(e, now).riskScore !== e.riskScore).map((e) => `${e.id} (${e.source})`);
    expect(stale).toEqual([]);
  });
});

describe('guideline compliance of ended care, counted by the database', () => {
  const t = useTestApp({ as: 'owner' });

  it("agrees with startedWithinTarget at every band's edge, to the microsecond", async () => {
    const other = await createOtherOrganization(t.app, 'compliance-owner@other.org');
    const base = Date.now() - 6 * 3600_000;
    // For each band: the wait just inside its target, just outside, and a check-in 0.4 ms into its
    // millisecond (read as the millisecond itself), started on the edge.
    const waits: Array<{ score: number; createdUs: number; startedUs: number }> = [];
    for (const band of ASSESSMENT_BANDS) {
      const target = (band.targetMinutes ?? 500) * 60_000_000;
      waits.push({ score: band.min, createdUs: 0, startedUs: target + 59_999_999 });
      waits.push({ score: band.min, createdUs: 0, startedUs: target + 60_000_000 });
      waits.push({ score: band.min + 1, createdUs: 400, startedUs: target + 60_000_000 });
      waits.push({ score: band.min, createdUs: 0, startedUs: 0 });
    }
    const at = (us: number, i: number) => sql`to_timestamp(${base / 1000 + i * 60}) + ${us} * interval '1 microsecond'`;
    for (const [i, w] of waits.entries()) {
      await t.database.db.execute(sql`
        insert into queue_entries (organization_id, clinic_id, id, queue_date, queue_number, source, status, first_name, last_name,
          chief_complaint, risk_score, created_at, started_at, ended_at)
        values (${other.organizationId}, ${other.clinicId}, ${`compliance-${i}`}, current_date, ${1000 + i}, 'staff', 'completed', 'Edge', 'Case',
          'Check', ${w.score}, ${at(w.createdUs, i)}, ${at(w.startedUs, i)}, ${at(w.startedUs + 1_000_000, i)})`);
    }
    const read = await rows<{ risk_score: number; created_at: Date; started_at: Date }>(
      t.database.db,
      sql`select risk_score, created_at, started_at from queue_entries where organization_id = ${other.organizationId}`,
    );
    expect(read).toHaveLength(waits.length);
    const within = read.filter((r) =>
      startedWithinTarget({ riskScore: r.risk_score, waitTime: waitMinutes(new Date(r.created_at), new Date(r.started_at)) }),
    ).length;
    // Each band but the last (no target) has one wait outside, and the sub-millisecond check-in reads as on the edge.
    expect(within).toBe(waits.length - 2 * (ASSESSMENT_BANDS.length - 1));
    const stats = (await t.as(other.headers).get('/api/triage/waiting-room/stats')).json().stats;
    expect(stats.guidelineCompliance).toBe(Math.round((within / waits.length) * 100));
  });
});
