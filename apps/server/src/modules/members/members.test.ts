import { ALL_PERMISSIONS, DEFAULT_PERMISSIONS, ROLES, memberDto, type Role } from '@clinic/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEventsOf, createOtherOrganization, memberIdOf, rows, signInAs, signUpAs, useTestApp, type Who } from '../../test/harness.js';

const t = useTestApp();

type Headers = Record<string, string>;
const patch = (memberId: string, who: Who, payload: Record<string, unknown>) => t.as(who).patch(`/api/organizations/members/${memberId}`, payload);
const invite = (who: Who, email: string, role: Role) => t.as(who).post('/api/organizations/invite', { email, role });
const accept = (who: Who, token: string) => t.as(who).post(`/api/organizations/invitations/${token}/accept`, {});

interface Member {
  email: string;
  headers: Headers;
  memberId: string;
}

let teams = 0;
/**
 * A fresh organization owned by a new user, with one member of each role asked for, each joined
 * through a real invitation. Tests that change members work on their own team.
 */
async function team(...roles: Role[]) {
  teams += 1;
  const ownerEmail = `owner-${teams}@team.org`;
  const org = await createOtherOrganization(t.app, ownerEmail);
  const owner: Member = { email: ownerEmail, headers: org.headers, memberId: await memberIdOf(t.database.db, org.organizationId, ownerEmail) };
  const members: Partial<Record<Role, Member>> = {};
  for (const role of roles) {
    const email = `${role.toLowerCase()}-${teams}@team.org`;
    const res = await invite(org.headers, email, role);
    if (res.statusCode !== 201) throw new Error(`invite failed: ${res.body}`);
    const headers = await signUpAs(t.app, email);
    const accepted = await accept(headers, res.json().invitation.token);
    if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.body}`);
    members[role] = { email, headers, memberId: await memberIdOf(t.database.db, org.organizationId, email) };
  }
  const m = (role: Role) => members[role]!;
  return { organizationId: org.organizationId, owner, m };
}

async function memberRow(organizationId: string, memberId: string) {
  const [row] = await rows<{ role: string; status: string; permissions: Record<string, boolean>; title: string | null }>(
    t.database.db,
    sql`select role, status, permissions, title from organization_members where organization_id = ${organizationId} and id = ${memberId}`,
  );
  return row;
}
const memberAudits = async (organizationId: string) =>
  (await auditEventsOf(t.database.db, 'member.updated')).filter((e) => e.organization_id === organizationId);

describe('members and stats', () => {
  it('GET /api/organizations/members lists every member with role, flags and status', async () => {
    const res = await t.as('admin').get('/api/organizations/members');
    expect(res.statusCode).toBe(200);
    const members = res.json().members.map((m: unknown) => memberDto.parse(m));
    expect(members.map((m: { email: string; role: string }) => [m.email, m.role]).sort()).toEqual(
      [
        ['admin@demo.clinic', 'Admin'],
        ['doctor@demo.clinic', 'Doctor'],
        ['manager@demo.clinic', 'Manager'],
        ['nurse@demo.clinic', 'Nurse'],
        ['owner@demo.clinic', 'Owner'],
        ['staff@demo.clinic', 'Staff'],
        ['viewer@demo.clinic', 'Viewer'],
      ].sort(),
    );
    const owner = members.find((m: { role: string }) => m.role === 'Owner');
    expect(owner).toMatchObject({ firstName: 'Olivia', department: 'Administration', status: 'active', permissions: ALL_PERMISSIONS });
    const viewer = members.find((m: { role: string }) => m.role === 'Viewer');
    expect(viewer.permissions).toEqual(DEFAULT_PERMISSIONS.Viewer);
  });

  it('GET /api/organizations/members is refused to a Viewer (no canManageUsers) with 403', async () => {
    const res = await t.as('viewer').get('/api/organizations/members');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'access/forbidden',
      message: "You don't have permission to access this feature. Required permission: canManageUsers",
    });
  });

  it('GET /api/organizations/stats counts members, active members and pending invitations', async () => {
    const { owner, m } = await team('Nurse');
    await invite(owner.headers, 'pending-1@example.org', 'Staff');
    await patch(m('Nurse').memberId, owner.headers, { status: 'disabled' });
    const res = await t.as(owner.headers).get('/api/organizations/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, stats: { statistics: { totalUsers: 2, activeUsers: 1, pendingInvites: 1 } } });
  });
});

describe('invitations', () => {
  it('an Admin invites a Doctor and gets the invitation with its token and accept link', async () => {
    const res = await invite(await signInAs(t.app, 'admin@demo.clinic'), 'New.Doctor@Example.org', 'Doctor');
    expect(res.statusCode).toBe(201);
    const { invitation } = res.json();
    expect(invitation).toMatchObject({ email: 'new.doctor@example.org', role: 'Doctor', status: 'Pending' });
    expect(invitation.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(invitation.acceptUrl).toMatch(new RegExp(`/login\\?invite=${invitation.token}$`));
    const audit = (await auditEventsOf(t.database.db, 'invitation.created')).filter((e) => e.entity_id === invitation.id);
    expect(audit).toEqual([
      expect.objectContaining({ organization_id: 'default-clinic', details: { email: 'new.doctor@example.org', role: 'Doctor' } }),
    ]);
    // Only a hash of the token is kept.
    expect(await rows(t.database.db, sql`select 1 from invitations where token_hash = ${invitation.token}`)).toHaveLength(0);
  });

  it.each([['viewer'], ['staff'], ['nurse'], ['doctor'], ['manager']])(
    'a %s is refused POST /api/organizations/invite with 403 and nothing is written',
    async (who) => {
      const email = `by-${who}@example.org`;
      const res = await invite(await signInAs(t.app, `${who}@demo.clinic`), email, 'Viewer');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'access/forbidden',
        message: "You don't have permission to access this page. Required role: Admin",
      });
      expect(await rows(t.database.db, sql`select 1 from invitations where email = ${email}`)).toHaveLength(0);
    },
  );

  it('an Admin cannot invite an Owner but can invite an Admin; an Owner can invite an Owner', async () => {
    const admin = await signInAs(t.app, 'admin@demo.clinic');
    const tooHigh = await invite(admin, 'would-be-owner@example.org', 'Owner');
    expect(tooHigh.statusCode).toBe(403);
    expect(tooHigh.json().message).toBe('You cannot invite someone with a role above your own (Admin).');
    expect(await rows(t.database.db, sql`select 1 from invitations where email = 'would-be-owner@example.org'`)).toHaveLength(0);
    expect((await invite(admin, 'peer-admin@example.org', 'Admin')).statusCode).toBe(201);
    expect((await invite(await signInAs(t.app, 'owner@demo.clinic'), 'co-owner@example.org', 'Owner')).statusCode).toBe(201);
  });

  it('inviting someone who is already a member is 409', async () => {
    const res = await invite(await signInAs(t.app, 'admin@demo.clinic'), 'nurse@demo.clinic', 'Doctor');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('conflict/already-member');
  });

  it.each(ROLES.map((r) => [r]))("accepting an invitation as %s makes the invited user a member with that role's default flags", async (role) => {
    const owner = await signInAs(t.app, 'owner@demo.clinic');
    const email = `joins-as-${role.toLowerCase()}@example.org`;
    const { invitation } = (await invite(owner, email, role)).json();
    const headers = await signUpAs(t.app, email);
    const res = await accept(headers, invitation.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, organizationId: 'default-clinic', role });
    const me = (await t.as(headers).get('/api/auth/session')).json();
    expect(me.organization.id).toBe('default-clinic');
    expect(me.organizationUser).toMatchObject({ role, status: 'active', permissions: DEFAULT_PERMISSIONS[role] });
    expect(me.organizationUser.invitedAt).not.toBeNull();
    const joined = (await auditEventsOf(t.database.db, 'member.joined')).filter((e) => e.entity_id === me.organizationUser.id);
    expect(joined).toHaveLength(1);
    // The token is spent.
    expect((await accept(headers, invitation.token)).statusCode).toBe(404);
  });

  it('a different signed-in user cannot accept the invitation (404) and does not become a member', async () => {
    const owner = await signInAs(t.app, 'owner@demo.clinic');
    const { invitation } = (await invite(owner, 'intended@example.org', 'Doctor')).json();
    const intruder = await signUpAs(t.app, 'intruder@example.org');
    const res = await accept(intruder, invitation.token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'not-found', message: 'Invitation not found' });
    expect((await t.as(intruder).get('/api/auth/session')).json().organizationUser).toBeNull();
    // The invitation still works for the person it was sent to.
    expect((await accept(await signUpAs(t.app, 'intended@example.org'), invitation.token)).statusCode).toBe(200);
  });

  it('accepting one invitation twice at the same moment makes one membership and never a 500', async () => {
    const owner = await signInAs(t.app, 'owner@demo.clinic');
    const { invitation } = (await invite(owner, 'double-click@example.org', 'Staff')).json();
    const headers = await signUpAs(t.app, 'double-click@example.org');
    const results = await Promise.all([
      accept(headers, invitation.token),
      accept(headers, invitation.token),
      t.as(headers).post('/api/org/switch', { organizationId: 'default-clinic' }),
    ]);
    for (const r of results) expect(r.statusCode, r.body).toBeLessThan(500);
    expect(results.some((r) => r.statusCode === 200)).toBe(true);
    const members = await rows(
      t.database.db,
      sql`select 1 from organization_members m join users u on u.id = m.user_id where u.email = 'double-click@example.org'`,
    );
    expect(members).toHaveLength(1);
    expect((await t.as(headers).get('/api/auth/session')).json().organizationUser.role).toBe('Staff');
  });

  it('an expired invitation cannot be accepted', async () => {
    const owner = await signInAs(t.app, 'owner@demo.clinic');
    const { invitation } = (await invite(owner, 'too-late@example.org', 'Staff')).json();
    await t.database.db.execute(sql`update invitations set expires_at = now() - interval '1 second' where id = ${invitation.id}`);
    const res = await accept(await signUpAs(t.app, 'too-late@example.org'), invitation.token);
    expect(res.statusCode).toBe(404);
  });

  it('a new invitation to the same address replaces the earlier one', async () => {
    const owner = await signInAs(t.app, 'owner@demo.clinic');
    const first = (await invite(owner, 'reinvited@example.org', 'Staff')).json().invitation;
    const second = (await invite(owner, 'reinvited@example.org', 'Nurse')).json().invitation;
    const list = (await t.as(owner).get('/api/organizations/invitations')).json().invitations;
    expect(list.filter((i: { email: string }) => i.email === 'reinvited@example.org')).toEqual([
      expect.objectContaining({ id: second.id, role: 'Nurse', status: 'Pending' }),
    ]);
    expect(JSON.stringify(list)).not.toContain(second.token);
    const headers = await signUpAs(t.app, 'reinvited@example.org');
    expect((await accept(headers, first.token)).statusCode).toBe(404);
    expect((await accept(headers, second.token)).json().role).toBe('Nurse');
  });
});

describe('PATCH /api/organizations/members/{memberId}', () => {
  it("an Admin changes a Staff member to Nurse, who gets the Nurse's default flags at once", async () => {
    const { organizationId, m } = await team('Admin', 'Staff');
    const res = await patch(m('Staff').memberId, m('Admin').headers, { role: 'Nurse' });
    expect(res.statusCode).toBe(200);
    expect(res.json().member).toMatchObject({ id: m('Staff').memberId, role: 'Nurse', permissions: DEFAULT_PERMISSIONS.Nurse });
    const me = (await t.as(m('Staff').headers).get('/api/auth/session')).json();
    expect(me.organizationUser).toMatchObject({ role: 'Nurse', permissions: DEFAULT_PERMISSIONS.Nurse });
    expect(await memberAudits(organizationId)).toEqual([
      expect.objectContaining({
        entity_id: m('Staff').memberId,
        details: expect.objectContaining({
          before: expect.objectContaining({ role: 'Staff', status: 'active' }),
          after: expect.objectContaining({ role: 'Nurse', status: 'active' }),
        }),
      }),
    ]);
  });

  it('an Admin turns single flags on and off and the others stay as they were', async () => {
    const { organizationId, m } = await team('Admin', 'Nurse');
    const res = await patch(m('Nurse').memberId, m('Admin').headers, {
      permissions: { canViewAnalytics: true, canManageQueue: false },
    });
    expect(res.statusCode).toBe(200);
    const expected = { ...DEFAULT_PERMISSIONS.Nurse, canViewAnalytics: true, canManageQueue: false };
    expect(res.json().member.permissions).toEqual(expected);
    expect((await t.as(m('Nurse').headers).get('/api/auth/session')).json().organizationUser.permissions).toEqual(expected);
    expect((await memberRow(organizationId, m('Nurse').memberId)).role).toBe('Nurse');
  });

  it("a disabled member's requests to that organization are refused with 403 until re-enabled", async () => {
    const { organizationId, owner, m } = await team('Manager');
    const manager = m('Manager');
    expect((await t.as(manager.headers).get('/api/organizations/members')).statusCode).toBe(200);
    expect((await patch(manager.memberId, owner.headers, { status: 'disabled' })).json().member.status).toBe('disabled');
    for (const url of ['/api/organizations/members', '/api/organizations/stats']) {
      const res = await t.as(manager.headers).get(url);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Your membership of this organization is not active.');
    }
    // Paths naming the organization answer as if it were someone else's.
    expect((await t.as(manager.headers).get(`/api/clinics/organization/${organizationId}`)).statusCode).toBe(404);
    expect((await patch(manager.memberId, owner.headers, { status: 'active' })).statusCode).toBe(200);
    expect((await t.as(manager.headers).get('/api/organizations/members')).statusCode).toBe(200);
  });

  it('an Admin cannot raise anyone to Owner, nor grant a flag the Admin does not hold', async () => {
    const { organizationId, m } = await team('Admin', 'Staff');
    const raise = await patch(m('Staff').memberId, m('Admin').headers, { role: 'Owner' });
    expect(raise.statusCode).toBe(403);
    expect(raise.json().message).toBe('You cannot give a role above your own (Admin).');
    const raiseSelf = await patch(m('Admin').memberId, m('Admin').headers, { role: 'Owner' });
    expect(raiseSelf.statusCode).toBe(403);

    await t.database.db.execute(
      sql`update organization_members set permissions = permissions || '{"canManageSettings": false}'::jsonb
          where organization_id = ${organizationId} and id = ${m('Admin').memberId}`,
    );
    const grant = await patch(m('Staff').memberId, m('Admin').headers, { permissions: { canManageSettings: true } });
    expect(grant.statusCode).toBe(403);
    expect(grant.json().message).toBe('You cannot grant a permission you do not hold: canManageSettings.');

    expect(await memberRow(organizationId, m('Staff').memberId)).toMatchObject({ role: 'Staff', permissions: DEFAULT_PERMISSIONS.Staff });
    expect(await memberRow(organizationId, m('Admin').memberId)).toMatchObject({ role: 'Admin' });
    expect(await memberAudits(organizationId)).toEqual([]);
  });

  it('an Admin cannot change an Owner in any way', async () => {
    const { organizationId, owner, m } = await team('Admin');
    for (const change of [{ role: 'Admin' }, { status: 'disabled' }, { title: 'Demoted' }, { permissions: { canManageUsers: false } }]) {
      const res = await patch(owner.memberId, m('Admin').headers, change);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You can only change members whose role is below your own.');
    }
    expect(await memberRow(organizationId, owner.memberId)).toMatchObject({
      role: 'Owner',
      status: 'active',
      title: null,
      permissions: ALL_PERMISSIONS,
    });
  });

  it('one Admin can neither demote, disable nor restrict another Admin', async () => {
    const { organizationId, owner, m } = await team('Admin');
    const second = await invite(owner.headers, 'second-admin@team.org', 'Admin');
    const secondHeaders = await signUpAs(t.app, 'second-admin@team.org');
    await accept(secondHeaders, second.json().invitation.token);
    const secondId = await memberIdOf(t.database.db, organizationId, 'second-admin@team.org');
    for (const change of [{ role: 'Nurse' }, { status: 'disabled' }, { permissions: { canManagePatients: false } }]) {
      const res = await patch(secondId, m('Admin').headers, change);
      expect(res.statusCode).toBe(403);
    }
    expect(await memberRow(organizationId, secondId)).toMatchObject({ role: 'Admin', status: 'active', permissions: ALL_PERMISSIONS });
    // The Owner still can.
    expect((await patch(secondId, owner.headers, { role: 'Nurse' })).statusCode).toBe(200);
  });

  it("a restricted Admin's role change hands out no flag the Admin lacks, and neither does their invitation", async () => {
    const { organizationId, owner, m } = await team('Admin', 'Nurse');
    expect((await patch(m('Admin').memberId, owner.headers, { permissions: { canViewAnalytics: false } })).statusCode).toBe(200);

    const promoted = await patch(m('Nurse').memberId, m('Admin').headers, { role: 'Doctor' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().member.permissions).toEqual({ ...DEFAULT_PERMISSIONS.Doctor, canViewAnalytics: false });
    expect((await memberRow(organizationId, m('Nurse').memberId)).permissions.canViewAnalytics).toBe(false);

    const sent = await invite(m('Admin').headers, 'restricted-invitee@team.org', 'Doctor');
    const headers = await signUpAs(t.app, 'restricted-invitee@team.org');
    expect((await accept(headers, sent.json().invitation.token)).statusCode).toBe(200);
    const joined = await memberIdOf(t.database.db, organizationId, 'restricted-invitee@team.org');
    expect((await memberRow(organizationId, joined)).permissions).toEqual({ ...DEFAULT_PERMISSIONS.Doctor, canViewAnalytics: false });
  });

  it('an Admin without canManageUsers can neither change members nor invite', async () => {
    const { organizationId, owner, m } = await team('Admin', 'Staff');
    expect((await patch(m('Admin').memberId, owner.headers, { permissions: { canManageUsers: false } })).statusCode).toBe(200);
    const res = await patch(m('Staff').memberId, m('Admin').headers, { role: 'Nurse' });
    expect(res.statusCode).toBe(403);
    expect((await invite(m('Admin').headers, 'never-sent@team.org', 'Viewer')).statusCode).toBe(403);
    expect((await memberRow(organizationId, m('Staff').memberId)).role).toBe('Staff');
  });

  it("a Nurse's PATCH of an Admin's flags is 403 and changes nothing", async () => {
    const { organizationId, m } = await team('Admin', 'Nurse');
    const res = await patch(m('Admin').memberId, m('Nurse').headers, { permissions: { canManageUsers: false } });
    expect(res.statusCode).toBe(403);
    expect((await memberRow(organizationId, m('Admin').memberId)).permissions).toEqual(ALL_PERMISSIONS);
  });

  it('a Manager is refused any member change with 403', async () => {
    const { organizationId, m } = await team('Manager', 'Viewer');
    const res = await patch(m('Viewer').memberId, m('Manager').headers, { role: 'Staff' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("You don't have permission to access this page. Required role: Admin");
    expect((await memberRow(organizationId, m('Viewer').memberId)).role).toBe('Viewer');
  });

  it('the last Owner can be neither demoted nor disabled (409), and a second Owner makes it possible', async () => {
    const { organizationId, owner } = await team();
    for (const change of [{ role: 'Admin' }, { status: 'disabled' }]) {
      const res = await patch(owner.memberId, owner.headers, change);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'conflict/last-owner',
        message: 'The last Owner of an organization cannot be demoted or removed.',
      });
    }
    expect(await memberRow(organizationId, owner.memberId)).toMatchObject({ role: 'Owner', status: 'active' });
    expect(await memberAudits(organizationId)).toEqual([]);

    const { invitation } = (await invite(owner.headers, 'second-owner@team.org', 'Owner')).json();
    const second = await signUpAs(t.app, 'second-owner@team.org');
    await accept(second, invitation.token);
    expect((await patch(owner.memberId, second, { role: 'Admin' })).statusCode).toBe(200);
    const secondId = await memberIdOf(t.database.db, organizationId, 'second-owner@team.org');
    // Now the second Owner is the last one.
    expect((await patch(secondId, second, { role: 'Admin' })).statusCode).toBe(409);
  });

  it('two Owners demoting each other at the same moment leave one Owner', async () => {
    // A few rounds, since a race shows only some of the time (on PGlite requests never overlap).
    for (let round = 0; round < 3; round++) {
      const { organizationId, owner } = await team();
      const rivalEmail = `rival-owner-${round}@team.org`;
      const { invitation } = (await invite(owner.headers, rivalEmail, 'Owner')).json();
      const rival = await signUpAs(t.app, rivalEmail);
      await accept(rival, invitation.token);
      const rivalId = await memberIdOf(t.database.db, organizationId, rivalEmail);

      const results = await Promise.all([patch(rivalId, owner.headers, { role: 'Admin' }), patch(owner.memberId, rival, { role: 'Admin' })]);
      // Whichever commits first wins; the other finds itself an Admin (403) or the last Owner (409).
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes[0]).toBe(200);
      expect([403, 409]).toContain(codes[1]);
      const [row] = await rows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from organization_members where organization_id = ${organizationId} and role = 'Owner' and status = 'active'`,
      );
      expect(row.n).toBe(1);
    }
  });

  it('every accepted change writes one audit event with the actor, and a refused one writes none', async () => {
    const { organizationId, owner, m } = await team('Doctor');
    const doctor = m('Doctor').memberId;
    await patch(doctor, owner.headers, { title: 'Attending' });
    await patch(doctor, owner.headers, { department: 'Cardiology' });
    await patch(doctor, owner.headers, { permissions: { canManageVisitors: true } });
    await patch(doctor, owner.headers, { status: 'disabled' });
    await patch(doctor, m('Doctor').headers, { status: 'active' }); // refused: the Doctor is disabled and not an Admin
    const audits = await memberAudits(organizationId);
    expect(audits).toHaveLength(4);
    const [ownerUser] = await rows<{ id: string }>(t.database.db, sql`select id from users where email = ${owner.email}`);
    for (const a of audits) expect(a).toMatchObject({ actor_user_id: ownerUser.id, entity_type: 'member', entity_id: doctor });
    expect(audits.at(-1)!.details).toMatchObject({ before: { status: 'active' }, after: { status: 'disabled' } });
  });

  it('an unknown member id is 404 and an empty change is 400', async () => {
    const owner = await signInAs(t.app, 'owner@demo.clinic');
    const unknown = await patch('no-such-member', owner, { role: 'Staff' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'not-found', message: 'Member not found' });
    const viewerId = await memberIdOf(t.database.db, 'default-clinic', 'viewer@demo.clinic');
    const empty = await patch(viewerId, owner, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'validation/invalid', issues: [expect.objectContaining({ message: 'Nothing to change' })] });
    expect((await patch(viewerId, owner, { role: 'Janitor' })).statusCode).toBe(400);
    expect((await patch(viewerId, owner, { userId: 'someone-else' })).statusCode).toBe(400);
    expect((await memberRow('default-clinic', viewerId)).role).toBe('Viewer');
  });
});

describe('DELETE /api/organizations/members/:memberId (removal)', () => {
  const remove = (memberId: string, who: Who) => t.as(who).delete(`/api/organizations/members/${memberId}`);
  const removals = async (organizationId: string) =>
    (await auditEventsOf(t.database.db, 'member.removed')).filter((e) => e.organization_id === organizationId);

  it('an Admin removes a Nurse: the membership goes, the Nurse loses access and their sessions end, one audit row', async () => {
    const { organizationId, m } = await team('Admin', 'Nurse');
    expect((await t.as(m('Nurse').headers).get('/api/auth/session')).statusCode).toBe(200);
    const res = await remove(m('Nurse').memberId, m('Admin').headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      member: { id: m('Nurse').memberId, email: m('Nurse').email, role: 'Nurse', sessionsEnded: 1 },
    });
    expect(await memberRow(organizationId, m('Nurse').memberId)).toBeUndefined();
    // Their only membership: the account's sessions end.
    expect((await t.as(m('Nurse').headers).get('/api/auth/session')).statusCode).toBe(401);
    const audits = await removals(organizationId);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ entity_id: m('Nurse').memberId, details: { email: m('Nurse').email, role: 'Nurse' } });
    // Once gone, a second removal is a 404; the person can be invited again.
    expect((await remove(m('Nurse').memberId, m('Admin').headers)).statusCode).toBe(404);
    expect((await invite(m('Admin').headers, m('Nurse').email, 'Nurse')).statusCode).toBe(201);
  });

  it('a member of another organization keeps their sessions there; this organization refuses them at once', async () => {
    const { organizationId, owner, m } = await team('Doctor');
    const elsewhere = await createOtherOrganization(t.app, `elsewhere-${organizationId}@team.org`);
    const { invitation } = (await invite(elsewhere.headers, m('Doctor').email, 'Doctor')).json();
    expect((await accept(m('Doctor').headers, invitation.token)).statusCode).toBe(200);
    // Back in the team organization as the current one.
    await t.as(m('Doctor').headers).post('/api/org/switch', { organizationId });
    const res = await remove(m('Doctor').memberId, owner.headers);
    expect(res.json().member.sessionsEnded).toBe(0);
    const session = await t.as(m('Doctor').headers).get('/api/auth/session');
    expect(session.statusCode).toBe(200);
    expect(session.json().organization?.id).toBe(elsewhere.organizationId);
    const refused = await t.as(m('Doctor').headers).get(`/api/patients?organizationId=${organizationId}`);
    expect([403, 404]).toContain(refused.statusCode);
  });

  it('nobody removes someone of their own or a higher rank (403), but an Owner removes another Owner', async () => {
    const { organizationId, owner, m } = await team('Admin', 'Manager');
    expect((await remove(owner.memberId, m('Admin').headers)).statusCode).toBe(403);
    const adminOnAdmin = await invite(owner.headers, `admin2-${organizationId}@team.org`, 'Admin');
    const admin2 = await signUpAs(t.app, `admin2-${organizationId}@team.org`);
    await accept(admin2, adminOnAdmin.json().invitation.token);
    const admin2Id = await memberIdOf(t.database.db, organizationId, `admin2-${organizationId}@team.org`);
    const sameRank = await remove(admin2Id, m('Admin').headers);
    expect(sameRank.statusCode).toBe(403);
    expect(sameRank.json().message).toBe('You can only remove members whose role is below your own.');
    // A Manager lacks the Admin role of the route.
    expect((await remove(m('Admin').memberId, m('Manager').headers)).statusCode).toBe(403);
    expect(await memberRow(organizationId, m('Admin').memberId)).toMatchObject({ role: 'Admin' });
    expect(await removals(organizationId)).toEqual([]);

    const { invitation } = (await invite(owner.headers, `owner2-${organizationId}@team.org`, 'Owner')).json();
    const owner2 = await signUpAs(t.app, `owner2-${organizationId}@team.org`);
    await accept(owner2, invitation.token);
    expect((await remove(owner.memberId, owner2)).statusCode).toBe(200);
  });

  it('the last Owner cannot be removed (409), and nobody removes themselves (409)', async () => {
    const { organizationId, owner, m } = await team('Admin');
    const last = await remove(owner.memberId, owner.headers);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ code: 'conflict/last-owner' });
    const self = await remove(m('Admin').memberId, m('Admin').headers);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ code: 'conflict/remove-self' });
    expect(await memberRow(organizationId, owner.memberId)).toMatchObject({ role: 'Owner', status: 'active' });
    expect(await removals(organizationId)).toEqual([]);
  });

  it("another organization's member is a 404 and stays", async () => {
    const { organizationId, owner } = await team();
    const res = await remove(owner.memberId, 'admin');
    expect(res.statusCode).toBe(404);
    expect(await memberRow(organizationId, owner.memberId)).toMatchObject({ role: 'Owner' });
  });
});

describe('invitation e-mails follow notifications.email.userInvitations', () => {
  it('on (the default): mailed; off: not mailed, the link still shown; resend follows the same toggle', async () => {
    const { owner } = await team();
    const on = await invite(owner.headers, 'mailed-invitee@team.org', 'Nurse');
    expect(on.json()).toMatchObject({ mailed: true, mailOff: false });
    expect(t.mailer.lastTo('mailed-invitee@team.org')?.text).toContain(on.json().invitation.acceptUrl);

    const saved = await t.as(owner.headers).put('/api/organizations/settings', { notifications: { email: { userInvitations: false } } });
    expect(saved.statusCode).toBe(200);
    const off = await invite(owner.headers, 'unmailed-invitee@team.org', 'Nurse');
    expect(off.statusCode).toBe(201);
    expect(off.json()).toMatchObject({ mailed: false, mailOff: true });
    expect(off.json().invitation.acceptUrl).toMatch(/\/login\?invite=/);
    expect(t.mailer.lastTo('unmailed-invitee@team.org')).toBeUndefined();
    const resent = await t.as(owner.headers).post(`/api/organizations/invitations/${on.json().invitation.id}/resend`);
    expect(resent.json()).toMatchObject({ mailed: false, mailOff: true });
  });
});
