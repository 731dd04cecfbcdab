import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.js';
import { patients, users } from '../schema/index.js';
import { withTenant } from '../tenant.js';
import { DEMO_CLINIC_ID, DEMO_ORGANIZATION_ID } from './demo.js';
import { seedGdpr } from './gdpr.js';

describe('the demo patients’ rights', () => {
  const t = useTestApp({ as: 'admin' });

  it('give the compliance summary open, overdue and closed requests and consents by purpose', async () => {
    const db = t.database.db;
    const staff = await db.select({ id: users.id, email: users.email }).from(users);
    const idOf = (email: string) => staff.find((u) => u.email === email)!.id;
    await withTenant(db, DEMO_ORGANIZATION_ID, async (tx) => {
      const directory = await tx
        .select()
        .from(patients)
        .where(and(eq(patients.organizationId, DEMO_ORGANIZATION_ID), eq(patients.clinicId, DEMO_CLINIC_ID)));
      await seedGdpr(
        tx,
        { organizationId: DEMO_ORGANIZATION_ID, clinicId: DEMO_CLINIC_ID },
        { recordedBy: idOf('staff@demo.clinic'), admin: idOf('admin@demo.clinic') },
        directory,
        new Date(),
      );
    });
    const { compliance } = (await t.get('/api/gdpr/compliance')).json();
    expect(compliance.requests).toMatchObject({ open: 2, overdue: 1, completed: 1, rejected: 1 });
    expect(compliance.consents.activeByPurpose).toMatchObject({ treatment: 4, research: 1, sharing: 1, marketing: 0 });
    expect(compliance.consents.withdrawn).toBe(1);
    const overdue = (await t.get('/api/gdpr/requests?status=OPEN')).json().requests.filter((r: { overdue: boolean }) => r.overdue);
    expect(overdue).toHaveLength(1);
    expect(overdue[0]).toMatchObject({ type: 'copy', daysLeft: -4 });
    const history = (await t.get(`/api/gdpr/audit-logs?patientId=${overdue[0].patientId}`)).json();
    expect(history.events.map((e: { action: string }) => e.action)).toContain('gdpr.rights-request.created');
  });
});
