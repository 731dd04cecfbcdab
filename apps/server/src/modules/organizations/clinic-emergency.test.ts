import { describe, expect, it } from 'vitest';
import { auditEventsOf, createOtherOrganization, memberIdOf, useTestApp } from '../../test/harness.js';

const t = useTestApp();
const ORG = 'default-clinic';

async function firstClinic() {
  const res = await t.as('admin').get(`/api/clinics/organization/${ORG}`);
  expect(res.statusCode).toBe(200);
  return res.json().clinics[0] as {
    id: string;
    name: string;
    emergency: { level: string | null; facilityId: string | null; bedCount: number | null };
  };
}

describe("PUT /api/clinics/:id with the clinic's emergency settings", () => {
  it('an Admin sets the level, facility id and bed count: the clinics list and the emergency room read them, audited', async () => {
    const clinic = await firstClinic();
    const res = await t.as('admin').put(`/api/clinics/${clinic.id}`, {
      name: clinic.name,
      emergency: { level: 'Level II Trauma Center', facilityId: 'FAC-0042', bedCount: 14 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().clinic.emergency).toEqual({ level: 'Level II Trauma Center', facilityId: 'FAC-0042', bedCount: 14 });
    expect((await firstClinic()).emergency).toEqual({ level: 'Level II Trauma Center', facilityId: 'FAC-0042', bedCount: 14 });
    const er = await t.as('admin').get(`/api/emergency-dashboard/dashboard?clinicId=${clinic.id}`);
    expect(er.statusCode).toBe(200);
    expect(er.json().data.facility).toMatchObject({ level: 'Level II Trauma Center', facilityId: 'FAC-0042', bedCount: 14 });
    const audits = (await auditEventsOf(t.database.db, 'emergency.facility-updated')).filter((a) => a.entity_id === clinic.id);
    expect(audits.at(-1)?.details).toMatchObject({ bedCount: 14 });

    // Cleared with nulls; the clinic's other fields unchanged.
    const cleared = await t.as('admin').put(`/api/clinics/${clinic.id}`, { emergency: { level: null, facilityId: null, bedCount: null } });
    expect(cleared.json().clinic).toMatchObject({ name: clinic.name, emergency: { level: null, facilityId: null, bedCount: null } });
  });

  it('bad emergency input is a 400 and saves nothing', async () => {
    const clinic = await firstClinic();
    for (const emergency of [{ bedCount: -1 }, { bedCount: 1.5 }, { bedCount: 'ten' }, { unknown: 1 }]) {
      expect((await t.as('admin').put(`/api/clinics/${clinic.id}`, { emergency })).statusCode).toBe(400);
    }
  });

  it("below Admin the emergency settings are refused (403) even with the settings permission; another organization's clinic is a 404", async () => {
    const clinic = await firstClinic();
    const managerId = await memberIdOf(t.database.db, ORG, 'manager@demo.clinic');
    const granted = await t.as('owner').patch(`/api/organizations/members/${managerId}`, { permissions: { canManageSettings: true } });
    expect(granted.statusCode).toBe(200);
    expect((await t.as('manager').put(`/api/clinics/${clinic.id}`, { phone: '555-0199' })).statusCode).toBe(200);
    const manager = await t.as('manager').put(`/api/clinics/${clinic.id}`, { phone: '555-0100', emergency: { bedCount: 3 } });
    expect(manager.statusCode).toBe(403);
    expect((await firstClinic()) as unknown).toMatchObject({ phone: '555-0199' });
    const other = await createOtherOrganization(t.app, 'er-beds@other.org');
    expect((await t.as('admin').put(`/api/clinics/${other.clinicId}`, { emergency: { bedCount: 3 } })).statusCode).toBe(404);
    expect((await firstClinic()).emergency.bedCount).not.toBe(3);
  });

  it('a plan without the emergency room refuses them (402) and still saves the clinic itself', async () => {
    const other = await createOtherOrganization(t.app, 'basic-beds@other.org');
    expect((await t.as(other.headers).post('/api/billing/trial', { plan: 'basic' })).statusCode).toBe(200);
    const refused = await t.as(other.headers).put(`/api/clinics/${other.clinicId}`, { emergency: { bedCount: 4 } });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().code).toBe('plan/feature-unavailable');
    expect((await t.as(other.headers).put(`/api/clinics/${other.clinicId}`, { phone: '555-0111' })).statusCode).toBe(200);
  });
});
