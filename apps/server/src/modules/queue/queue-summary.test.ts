import { queueEntries } from '../../db/schema/index.js';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.js';
import { kioskCheckIns } from '../../test/kiosk-check-ins.js';
import { deriveEntry } from './queue-entries.js';

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
