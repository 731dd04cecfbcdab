import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEventsOf, createOtherOrganization, rows, signUpAs, useTestApp } from '../test/harness.js';

/** Refused attempts on another organization are written to the actor's own organization's log. */
const t = useTestApp({ as: 'nurse' });
let other: Awaited<ReturnType<typeof createOtherOrganization>>;
let nurseId: string;
beforeAll(async () => {
  other = await createOtherOrganization(t.app, 'target@other.org');
  [{ id: nurseId }] = await rows<{ id: string }>(t.database.db, sql`select id from users where email = 'nurse@demo.clinic'`);
});

const auditsOf = async (action: string, path: string) => (await auditEventsOf(t.database.db, action)).filter((a) => a.details?.path === path);

describe('audit of refused cross-tenant attempts', () => {
  it("asking for another organization's patients is 403 and audited in the actor's own organization, with the attempted id and the path without its query", async () => {
    const res = await t.get(`/api/patients?organizationId=${other.organizationId}&search=smith`);
    expect(res.statusCode).toBe(403);
    const [audit] = await auditsOf('access.cross-tenant-refused', '/api/patients');
    expect(audit).toMatchObject({
      organization_id: 'default-clinic',
      actor_user_id: nurseId,
      entity_type: 'organization',
      entity_id: other.organizationId,
    });
    expect(audit.details).toMatchObject({
      attemptedOrganizationId: other.organizationId,
      method: 'GET',
      path: '/api/patients',
      code: 'access/not-a-member',
    });
    expect(JSON.stringify(audit.details)).not.toContain('smith');
    // Nothing is written into the organization that was targeted.
    const written = await rows(
      t.database.db,
      sql`select * from audit_events where organization_id = ${other.organizationId} and action like 'access.%'`,
    );
    expect(written).toEqual([]);
  });

  it("another organization's clinic id with the actor's own organization is refused and audited with the clinic id", async () => {
    const res = await t.get(`/api/triage/waiting-room?clinicId=${other.clinicId}`);
    expect(res.statusCode).toBe(403);
    const [audit] = await auditsOf('access.cross-tenant-refused', '/api/triage/waiting-room');
    expect(audit.organization_id).toBe('default-clinic');
    expect(audit.details).toMatchObject({ attemptedOrganizationId: 'default-clinic', attemptedClinicId: other.clinicId });
  });

  it('a path id of another organization (GET /api/clinics/organization/{id}) answers 404 and is audited', async () => {
    expect((await t.get(`/api/clinics/organization/${other.organizationId}`)).statusCode).toBe(404);
    const [audit] = await auditsOf('access.cross-tenant-refused', `/api/clinics/organization/${other.organizationId}`);
    expect(audit).toMatchObject({ organization_id: 'default-clinic', entity_id: other.organizationId });
  });

  it('switching to an organization one does not belong to is 403 and audited', async () => {
    const res = await t.post('/api/org/switch', { organizationId: other.organizationId });
    expect(res.statusCode).toBe(403);
    const [audit] = await auditsOf('access.cross-tenant-refused', '/api/org/switch');
    expect(audit).toMatchObject({ organization_id: 'default-clinic', entity_id: other.organizationId });
  });

  it('a refusal by role or permission inside the own organization is audited as access.refused', async () => {
    expect((await t.as('viewer').get('/api/triage/waiting-room')).statusCode).toBe(403);
    const [audit] = await auditsOf('access.refused', '/api/triage/waiting-room');
    expect(audit).toMatchObject({ organization_id: 'default-clinic', entity_id: 'default-clinic' });
    expect(audit.details).toMatchObject({ code: 'access/forbidden', attemptedOrganizationId: 'default-clinic' });
    expect(audit.details?.reason).toMatch(/canManageQueue/);
  });

  it('a user who belongs to no organization yet is audited with no organization', async () => {
    const loner = await signUpAs(t.app, 'loner@example.org');
    expect((await t.as(loner).get('/api/patients?organizationId=default-clinic')).statusCode).toBe(403);
    const [{ id }] = await rows<{ id: string }>(t.database.db, sql`select id from users where email = 'loner@example.org'`);
    const audits = (await auditEventsOf(t.database.db, 'access.cross-tenant-refused')).filter((a) => a.actor_user_id === id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ organization_id: null, entity_id: 'default-clinic' });
  });
});
