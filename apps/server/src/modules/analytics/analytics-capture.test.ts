import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countRows, rows, useTestApp } from '../../test/harness.js';
import { kioskCheckIns } from '../../test/kiosk-check-ins.js';

/** What Start Care and Complete Care capture for the analytics. */
describe('analytics capture at start and completion of care', () => {
  const t = useTestApp({ as: 'doctor' });
  const checkIn = kioskCheckIns(t, { firstName: 'Cap', lastName: 'Ture', phonePrefix: '555-010-', chiefComplaint: 'Sore knee' });
  const entry = async (id: string) =>
    (
      await rows(
        t.database.db,
        sql`select ai_urgency, target_wait_minutes, final_priority, rating, fee_cents, status from queue_entries where id = ${id}`,
      )
    )[0];

  it("keeps the AI's urgency at Start Care, and the final priority, rating and fee at completion", async () => {
    await t.database.db.execute(
      sql`update organizations set settings = settings || ${JSON.stringify({ visitFees: { high: 180.5 } })}::jsonb where id = 'default-clinic'`,
    );
    const id = await checkIn();
    expect((await t.post(`/api/triage/waiting-room/${id}/start`, {})).statusCode).toBe(200);
    // A sore knee at 0 risk: low urgency, a band without a target wait.
    expect(await entry(id)).toMatchObject({ ai_urgency: 'low', target_wait_minutes: null, final_priority: null, status: 'in-progress' });
    const done = await t.post(`/api/triage/waiting-room/${id}/complete`, { finalPriority: 'high', rating: 4, note: 'Seen' });
    expect(done.statusCode).toBe(200);
    expect(await entry(id)).toMatchObject({ ai_urgency: 'low', final_priority: 'high', rating: 4, fee_cents: 18050, status: 'completed' });
  });

  it('takes the final priority at Start Care (the status call too) and keeps it when completion leaves it out', async () => {
    const id = await checkIn({ symptoms: ['chest pain'], age: 80, chiefComplaint: 'Chest pain' });
    expect((await t.put(`/api/triage/case/${id}/status`, { status: 'in-progress', finalPriority: 'urgent' })).statusCode).toBe(200);
    const started = await entry(id);
    expect(started.final_priority).toBe('urgent');
    expect(started.ai_urgency).not.toBeNull();
    expect((await t.post(`/api/triage/waiting-room/${id}/complete`, {})).statusCode).toBe(200);
    // No fee is set for urgent visits: the visit earns nothing rather than a made-up amount.
    expect(await entry(id)).toMatchObject({ final_priority: 'urgent', rating: null, fee_cents: null });
  });

  it('refuses a rating outside 1 to 5 or an unknown priority, changing nothing', async () => {
    const id = await checkIn();
    await t.post(`/api/triage/waiting-room/${id}/start`, {});
    const transitions = await countRows(t.database.db, 'queue_transitions', sql`entry_id = ${id}`);
    for (const body of [{ rating: 6 }, { rating: 0 }, { rating: 2.5 }, { finalPriority: 'critical' }]) {
      expect((await t.post(`/api/triage/waiting-room/${id}/complete`, body)).statusCode).toBe(400);
    }
    expect((await t.post(`/api/triage/waiting-room/${id}/cancel`, { rating: 3 })).statusCode).toBe(409);
    expect(await entry(id)).toMatchObject({ status: 'in-progress', rating: null });
    expect(await countRows(t.database.db, 'queue_transitions', sql`entry_id = ${id}`)).toBe(transitions);
  });
});
