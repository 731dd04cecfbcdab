import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshAddress, useTestApp } from '../../test/harness.js';

describe('the demo visitors (npm start on a fresh database)', () => {
  const t = useTestApp({ seed: { queue: true }, as: 'staff' });

  it('fill the console: visitors over 14 days in every status, one restricted, figures for the charts', async () => {
    const all = (await t.get('/api/visitors?limit=200')).json();
    expect(all.total).toBeGreaterThanOrEqual(60);
    const statuses = new Set(all.visitors.map((v: { status: string }) => v.status));
    expect([...statuses].sort()).toEqual(['Checked In', 'Checked Out', 'Expired', 'Restricted']);
    const restricted = (await t.get('/api/visitors?status=Restricted')).json();
    expect(restricted.total).toBe(1);
    const days = new Set(all.visitors.map((v: { checkInTime: string }) => v.checkInTime.slice(0, 10)));
    expect(days.size).toBeGreaterThanOrEqual(14);

    const { stats } = (await t.get('/api/visitors/stats')).json();
    expect(stats.currentlyCheckedIn).toBe(3);
    expect(stats.mostVisitedDepartments.length).toBeGreaterThanOrEqual(3);
    expect(stats.visitorSatisfaction).toBeGreaterThan(0);
  });

  it('have patients in care to visit at the kiosk, and the restricted visitor is refused there', async () => {
    const [visit] = (await t.get('/api/visitors?status=Checked%20In&limit=1')).json().visitors;
    const [restricted] = (await t.get('/api/visitors?status=Restricted')).json().visitors;
    const detail = (await t.get(`/api/visitors/${restricted.id}`)).json().visitor;
    expect(detail.idDocument.number).toMatch(/^•••• \d{4}$/);
    // Open all day, so the answer does not depend on the hour the test runs.
    await t.database.db.execute(
      sql`update organizations set settings = settings || '{"visitingHoursStart":"00:00","visitingHoursEnd":"00:00"}'::jsonb where id = 'default-clinic'`,
    );
    const kiosk = (body: Record<string, unknown>) =>
      t.anon.post('/api/visitors/check-in?organizationId=default-clinic&clinicId=default-clinic', body, { remoteAddress: freshAddress() });
    const base = {
      relationship: 'Friend',
      visitPurpose: 'Visit Patient',
      idDocument: { type: 'Passport', number: 'P7654321' },
      healthScreening: true,
      patientName: visit.patientName,
    };
    const ok = await kiosk({ ...base, firstName: 'New', lastName: 'Guest', phone: '555-010-2020' });
    expect(ok.statusCode).toBe(201);
    const refused = await kiosk({ ...base, firstName: restricted.firstName, lastName: restricted.lastName, phone: restricted.phone });
    expect(refused.json().code).toBe('visitors/restricted');
  });
});
