import { organizationDto } from '@clinic/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEventsOf, freshAddress, rows, signUpAs, useTestApp } from '../../test/harness.js';

const t = useTestApp();

/** A new user with a real organization, then a test organization (now their current one). */
async function ownerWithTestOrganization(email: string) {
  const headers = await signUpAs(t.app, email);
  const real = (await t.as(headers).post('/api/organizations', { name: 'Real Care', type: 'clinic' }, { remoteAddress: freshAddress() })).json();
  const created = await t
    .as(headers)
    .post('/api/organizations', { name: 'Test Organization 1', type: 'clinic', testOrganization: true }, { remoteAddress: freshAddress() });
  expect(created.statusCode).toBe(201);
  return { headers, realId: real.organization.id as string, test: created.json() };
}

describe('test organizations', () => {
  it('are marked when the organization test page creates them, and only then', async () => {
    const { headers, realId, test } = await ownerWithTestOrganization('marked@test-org.example');
    expect(organizationDto.parse(test.organization).testOrganization).toBe(true);
    const real = await t.as(headers).get(`/api/organizations?organizationId=${realId}`);
    expect(real.json().organization.testOrganization).toBe(false);
    const audited = (await auditEventsOf(t.database.db, 'organization.created')).find((e) => e.entity_id === test.organization.id);
    expect(audited?.details).toMatchObject({ testOrganization: true });
  });

  it('are removed by their Owner: archived, memberships ended, kiosk closed, audited, and the Owner back in another organization', async () => {
    const { headers, realId, test } = await ownerWithTestOrganization('cleanup@test-org.example');
    const id = test.organization.id as string;
    expect((await t.as(headers).get('/api/auth/session')).json().organization.id).toBe(id);

    const res = await t.as(headers).delete(`/api/organizations?organizationId=${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, organization: { id }, message: 'Test organization removed.' });

    const [row] = await rows(t.database.db, sql`select status, archived_at from organizations where id = ${id}`);
    expect(row.status).toBe('inactive');
    expect(row.archived_at).not.toBeNull();
    const members = await rows(t.database.db, sql`select status from organization_members where organization_id = ${id}`);
    expect(members.map((m) => m.status)).toEqual(['removed']);
    const [audit] = (await auditEventsOf(t.database.db, 'organization.archived')).filter((e) => e.entity_id === id);
    expect(audit).toMatchObject({ organization_id: id, details: expect.objectContaining({ testOrganization: true, membersEnded: 1 }) });

    // The Owner is back in their real organization; the test one is gone from every list and door.
    expect((await t.as(headers).get('/api/auth/session')).json().organization.id).toBe(realId);
    const available = (await t.as(headers).get('/api/org/available')).json().organizations.map((o: { id: string }) => o.id);
    expect(available).toEqual([realId]);
    expect((await t.as(headers).get(`/api/organizations?organizationId=${id}`)).statusCode).toBe(403);
    expect((await t.anon.get(`/api/public/clinic?organizationId=${id}`, { remoteAddress: freshAddress() })).statusCode).toBe(404);
    expect((await t.as(headers).delete(`/api/organizations?organizationId=${id}`)).statusCode).toBe(403);
  });

  it('are the only organizations that can be removed: a real one is refused (409) and left as it was', async () => {
    const { headers, realId } = await ownerWithTestOrganization('real@test-org.example');
    const res = await t.as(headers).delete(`/api/organizations?organizationId=${realId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only a test organization can be removed.');
    const [row] = await rows(t.database.db, sql`select status, archived_at from organizations where id = ${realId}`);
    expect(row).toEqual({ status: 'active', archived_at: null });
    expect((await t.as('owner').delete('/api/organizations')).statusCode).toBe(409);
  });

  it('are removed by their Owner only: an Admin of the organization is refused', async () => {
    expect((await t.as('admin').delete('/api/organizations')).statusCode).toBe(403);
    expect((await t.anon.delete('/api/organizations')).statusCode).toBe(401);
  });
});
