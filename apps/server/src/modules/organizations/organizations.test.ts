import { ALL_PERMISSIONS, DEFAULT_PERMISSIONS, organizationDto } from '@clinic/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEventsOf, createOtherOrganization, rows, signInAs, signUpAs, useTestApp, verifyEmailOf } from '../../test/harness.js';

const t = useTestApp();

async function countRows(table: 'organizations' | 'clinics', where = sql`true`) {
  const [row] = await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`);
  return row.n;
}

describe('POST /api/organizations', () => {
  it('makes the creator Owner with every flag, creates "{name} Main Clinic" and starts a 30-day Professional trial', async () => {
    const headers = await signUpAs(t.app, 'founder@riverside.org');
    const res = await t.as(headers).post('/api/organizations', {
      name: 'Riverside Care',
      type: 'clinic',
      address: '1 River Road',
      phone: '555-0101',
      email: 'Front@Riverside.org',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.message).toBe('Organization and default clinic created successfully!');
    const organization = organizationDto.parse(body.organization);
    expect(organization).toMatchObject({
      name: 'Riverside Care',
      type: 'clinic',
      address: '1 River Road',
      email: 'front@riverside.org',
      contactInfo: { phone: '555-0101', email: 'front@riverside.org' },
      status: 'active',
      subscription: { plan: 'professional', status: 'trialing' },
    });
    const trialDays = (Date.parse(organization.subscription.trialEndsAt!) - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(29.99);
    expect(trialDays).toBeLessThanOrEqual(30);
    expect(body.clinic).toMatchObject({
      name: 'Riverside Care Main Clinic',
      type: 'general',
      status: 'active',
      organizationId: organization.id,
      address: '1 River Road',
    });

    const me = (await t.as(headers).get('/api/auth/session')).json();
    expect(me.organization.id).toBe(organization.id);
    expect(me.organizationUser).toMatchObject({ role: 'Owner', status: 'active', permissions: ALL_PERMISSIONS });
    expect(me.clinics.map((c: { id: string }) => c.id)).toEqual([body.clinic.id]);
    expect(me.features).toEqual(expect.arrayContaining(['aiTriage', 'patientRecords', 'doctorPaging']));

    const created = (await auditEventsOf(t.database.db, 'organization.created')).filter((e) => e.entity_id === organization.id);
    expect(created).toHaveLength(1);
  });

  it('needs a signed-in caller', async () => {
    const before = await countRows('organizations');
    const res = await t.anon.post('/api/organizations', { name: 'Anonymous Care' });
    expect(res.statusCode).toBe(401);
    expect(await countRows('organizations')).toBe(before);
  });

  it('refuses an empty name with 400 and creates nothing', async () => {
    const headers = await signUpAs(t.app, 'no-name@example.org');
    const before = await countRows('organizations');
    const res = await t.as(headers).post('/api/organizations', { name: '   ', type: 'clinic' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'validation/invalid', issues: [expect.objectContaining({ path: 'name' })] });
    expect(await countRows('organizations')).toBe(before);
  });
});

describe('GET /api/organizations', () => {
  it("returns the caller's current organization", async () => {
    const res = await t.as('viewer').get('/api/organizations');
    expect(res.statusCode).toBe(200);
    const { organization } = res.json();
    expect(organizationDto.parse(organization)).toMatchObject({
      id: 'default-clinic',
      name: 'Demo General Hospital',
      type: 'hospital',
      settings: { timezone: 'America/Los_Angeles', dateFormat: 'MM/DD/YYYY', timeFormat: '12h', currency: 'USD', maxUsers: 100 },
    });
  });

  it('returns organization null to a user who has none yet', async () => {
    const res = await t.as(await signUpAs(t.app, 'orgless@example.org')).get('/api/organizations');
    expect(res.json()).toEqual({ success: true, organization: null });
  });

  it("returns the organization chosen by ?organizationId among the caller's own", async () => {
    const headers = await signUpAs(t.app, 'chooser@example.org');
    const first = (await t.as(headers).post('/api/organizations', { name: 'Chooser One' })).json();
    await t.as(headers).post('/api/organizations', { name: 'Chooser Two' });
    const res = await t.as(headers).get(`/api/organizations?organizationId=${first.organization.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().organization.name).toBe('Chooser One');
  });
});

describe('PUT /api/organizations', () => {
  it('lets the Owner change fields and answers "Organization updated successfully!"', async () => {
    const org = await createOtherOrganization(t.app, 'editor@example.org');
    const res = await t.as(org.headers).put('/api/organizations', {
      name: 'Renamed Health',
      description: 'Family practice',
      contactInfo: { phone: '555-0199', website: 'https://renamed.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Organization updated successfully!' });
    const { organization } = (await t.as(org.headers).get('/api/organizations')).json();
    expect(organization).toMatchObject({
      name: 'Renamed Health',
      description: 'Family practice',
      phone: '555-0199',
      website: 'https://renamed.example',
      type: 'clinic',
    });
    const audit = (await auditEventsOf(t.database.db, 'organization.updated')).filter((e) => e.organization_id === org.organizationId);
    expect(audit).toHaveLength(1);
  });

  it('changing one setting keeps the others as they were', async () => {
    const org = await createOtherOrganization(t.app, 'settings@example.org');
    await t.as(org.headers).put('/api/organizations', {
      settings: { timezone: 'Europe/Paris', language: 'fr', timeFormat: '24h', maxUsers: 12 },
    });
    const res = await t.as(org.headers).put('/api/organizations', { settings: { sessionTimeoutMinutes: 45 } });
    expect(res.statusCode).toBe(200);
    const { organization } = (await t.as(org.headers).get('/api/organizations')).json();
    expect(organization.settings).toMatchObject({
      timezone: 'Europe/Paris',
      language: 'fr',
      timeFormat: '24h',
      maxUsers: 12,
      sessionTimeoutMinutes: 45,
    });
  });

  it('refuses a member without canManageSettings with 403 and changes nothing', async () => {
    const res = await t.as('manager').put('/api/organizations', { name: 'Hijacked' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'access/forbidden',
      message: "You don't have permission to access this feature. Required permission: canManageSettings",
    });
    expect(await countRows('organizations', sql`name = 'Hijacked'`)).toBe(0);
  });

  it('refuses fields the organization does not have with 400', async () => {
    const org = await createOtherOrganization(t.app, 'unknown-field@example.org');
    const res = await t.as(org.headers).put('/api/organizations', { planId: 'enterprise' });
    expect(res.statusCode).toBe(400);
    expect((await t.as(org.headers).get('/api/organizations')).json().organization.subscription.plan).toBe('professional');
  });
});

describe('clinics', () => {
  it("GET /api/clinics/organization/{id} lists the caller's organization's clinics", async () => {
    const res = await t.as('staff').get('/api/clinics/organization/default-clinic');
    expect(res.statusCode).toBe(200);
    expect(res.json().clinics).toEqual([
      expect.objectContaining({
        id: 'default-clinic',
        name: 'Demo General Hospital Main Clinic',
        organizationId: 'default-clinic',
        phone: '(555) 010-0100',
      }),
    ]);
  });

  it("answers 404 for another organization's id and for an unknown one", async () => {
    const other = await createOtherOrganization(t.app, 'clinic-owner@example.org');
    const headers = await signInAs(t.app, 'owner@demo.clinic');
    for (const id of [other.organizationId, 'no-such-organization']) {
      const res = await t.as(headers).get(`/api/clinics/organization/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'not-found' });
      expect(res.body).not.toContain(other.clinicId);
    }
  });

  it('POST /api/clinics adds a clinic (general, active by default) to the organization', async () => {
    const org = await createOtherOrganization(t.app, 'second-site@example.org');
    const res = await t.as(org.headers).post('/api/clinics', {
      name: 'Other Health North',
      organizationId: org.organizationId,
      address: '9 North St',
      phone: '555-0111',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().clinic).toMatchObject({
      name: 'Other Health North',
      organizationId: org.organizationId,
      type: 'general',
      status: 'active',
    });
    const list = (await t.as(org.headers).get(`/api/clinics/organization/${org.organizationId}`)).json().clinics;
    expect(list.map((c: { name: string }) => c.name)).toEqual(['Other Health Main Clinic', 'Other Health North']);
  });

  it('POST /api/clinics is refused to a Doctor (no canManageSettings) and writes nothing', async () => {
    const before = await countRows('clinics');
    const res = await t.as('doctor').post('/api/clinics', { name: 'Rogue Clinic' });
    expect(res.statusCode).toBe(403);
    expect(await countRows('clinics')).toBe(before);
  });
});

describe('choosing an organization', () => {
  it('GET /api/org/available lists memberships with their clinics and pending invitations, marking the current one', async () => {
    const other = await createOtherOrganization(t.app, 'inviter@other-care.org');
    const invite = await t.as(other.headers).post('/api/organizations/invite', { email: 'doctor@demo.clinic', role: 'Doctor' });
    expect(invite.statusCode).toBe(201);
    const headers = await signInAs(t.app, 'doctor@demo.clinic');
    const res = await t.as(headers).get('/api/org/available');
    expect(res.statusCode).toBe(200);
    const { organizations } = res.json();
    expect(organizations).toHaveLength(2);
    expect(organizations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: 'default-clinic',
          name: 'Demo General Hospital',
          type: 'hospital',
          plan: 'professional',
          isCurrent: true,
          role: 'Doctor',
          invited: false,
          clinics: [expect.objectContaining({ id: 'default-clinic' })],
        }),
        expect.objectContaining({
          id: other.organizationId,
          name: 'Other Health',
          isCurrent: false,
          role: null,
          invited: true,
          clinics: [expect.objectContaining({ id: other.clinicId })],
        }),
      ]),
    );
  });

  it("POST /api/org/switch makes one of the caller's organizations current", async () => {
    const headers = await signUpAs(t.app, 'switcher@example.org');
    const first = (await t.as(headers).post('/api/organizations', { name: 'Switch A' })).json();
    await t.as(headers).post('/api/organizations', { name: 'Switch B' });
    const res = await t.as(headers).post('/api/org/switch', { organizationId: first.organization.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      organizationId: first.organization.id,
      clinicId: first.clinic.id,
      message: 'Organization switched successfully!',
    });
    const me = (await t.as(headers).get('/api/auth/session')).json();
    expect(me.organization.name).toBe('Switch A');
    const available = (await t.as(headers).get('/api/org/available')).json().organizations;
    expect(available.find((o: { isCurrent: boolean }) => o.isCurrent).name).toBe('Switch A');
  });

  it('POST /api/org/switch to an organization a verified address is invited to accepts the invitation', async () => {
    const other = await createOtherOrganization(t.app, 'invites-nurse@example.org');
    await t.as(other.headers).post('/api/organizations/invite', { email: 'switch-invitee@example.org', role: 'Nurse' });
    const headers = await signUpAs(t.app, 'switch-invitee@example.org');
    await verifyEmailOf(t, 'switch-invitee@example.org');
    const res = await t.as(headers).post('/api/org/switch', { organizationId: other.organizationId });
    expect(res.statusCode).toBe(200);
    const me = (await t.as(headers).get('/api/auth/session')).json();
    expect(me.organization.id).toBe(other.organizationId);
    expect(me.organizationUser).toMatchObject({ role: 'Nurse', permissions: DEFAULT_PERMISSIONS.Nurse });
  });

  it('POST /api/org/switch to an organization the caller neither belongs nor is invited to is 403', async () => {
    const other = await createOtherOrganization(t.app, 'not-yours@example.org');
    const headers = await signInAs(t.app, 'nurse@demo.clinic');
    const res = await t.as(headers).post('/api/org/switch', { organizationId: other.organizationId });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('You are not a member of this organization.');
    expect((await t.as(headers).get('/api/auth/session')).json().organization.id).toBe('default-clinic');
  });
});
