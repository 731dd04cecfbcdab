import { describe, expect, it } from 'vitest';
import {
  ALL_PERMISSIONS,
  DEFAULT_PERMISSIONS,
  ACCOUNT_WIDE_ACTIONS,
  PERMISSIONS,
  ROLES,
  ROLE_RANK,
  accountWideActionRefusal,
  checkAccess,
  completePermissions,
  hasRole,
  isAllowed,
  invitationPermissions,
  planMemberChange,
  roleRank,
  type Permission,
} from './access.js';

const noFlags = completePermissions({});

describe('role ranks', () => {
  it('ranks the roles as the spec lists them: Owner 7 down to Viewer 1', () => {
    expect(ROLE_RANK).toEqual({ Owner: 7, Admin: 6, Manager: 5, Doctor: 4, Nurse: 3, Staff: 2, Viewer: 1 });
    expect(ROLES.map(roleRank)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  // Every pair: 49 boundaries, each role just at, above and below every requirement.
  for (const role of ROLES) {
    for (const required of ROLES) {
      const allowed = ROLE_RANK[role] >= ROLE_RANK[required];
      it(`${role} is ${allowed ? 'allowed' : 'refused'} a page that requires ${required}`, () => {
        expect(hasRole(role, required)).toBe(allowed);
        expect(checkAccess({ role, permissions: noFlags }, { role: required })).toEqual(allowed ? null : { kind: 'role', required });
        expect(isAllowed({ role, permissions: noFlags, status: 'active' }, { role: required })).toBe(allowed);
      });
    }
  }

  it.each([['Superuser'], ['owner'], [''], [null], [undefined]])('an unknown role (%s) ranks 0 and is refused even a Viewer page', (role) => {
    expect(roleRank(role)).toBe(0);
    expect(hasRole(role, 'Viewer')).toBe(false);
    expect(checkAccess({ role: role as string, permissions: ALL_PERMISSIONS }, { role: 'Viewer' })).toEqual({
      kind: 'role',
      required: 'Viewer',
    });
  });

  it('an inherited property name as a role (constructor, toString) ranks 0', () => {
    expect(roleRank('constructor')).toBe(0);
    expect(roleRank('toString')).toBe(0);
  });

  it('an inherited property name as a role is still refused every role requirement', () => {
    for (const role of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(hasRole(role, 'Viewer')).toBe(false);
      expect(isAllowed({ role, permissions: ALL_PERMISSIONS }, { role: 'Viewer' })).toBe(false);
    }
  });
});

describe('permission flags', () => {
  it.each(PERMISSIONS.map((p) => [p]))('a member whose %s flag is true is allowed what requires it', (permission) => {
    const permissions = { ...noFlags, [permission]: true };
    expect(checkAccess({ role: 'Viewer', permissions }, { permission })).toBeNull();
  });

  it.each(PERMISSIONS.map((p) => [p]))('a member whose %s flag is false or missing is refused, whatever the role', (permission) => {
    const others = Object.fromEntries(PERMISSIONS.filter((p) => p !== permission).map((p) => [p, true]));
    expect(checkAccess({ role: 'Owner', permissions: { ...others, [permission]: false } }, { permission })).toEqual({
      kind: 'permission',
      required: permission,
    });
    expect(checkAccess({ role: 'Owner', permissions: others }, { permission })).toEqual({ kind: 'permission', required: permission });
  });

  it('a flag set to a truthy value other than true does not count', () => {
    const permissions = { canManagePatients: 'yes', canManageQueue: 1 } as unknown as Record<Permission, boolean>;
    expect(isAllowed({ role: 'Owner', permissions }, { permission: 'canManagePatients' })).toBe(false);
    expect(isAllowed({ role: 'Owner', permissions }, { permission: 'canManageQueue' })).toBe(false);
  });

  it('a requirement of both role and permission is refused by role first, then by permission', () => {
    const nurse = { role: 'Nurse', permissions: DEFAULT_PERMISSIONS.Nurse };
    expect(checkAccess(nurse, { role: 'Doctor', permission: 'canManageUsers' })).toEqual({ kind: 'role', required: 'Doctor' });
    expect(checkAccess(nurse, { role: 'Nurse', permission: 'canManageUsers' })).toEqual({
      kind: 'permission',
      required: 'canManageUsers',
    });
    expect(checkAccess(nurse, { role: 'Nurse', permission: 'canManagePatients' })).toBeNull();
  });
});

describe('membership status', () => {
  it.each([['disabled'], ['invited'], ['pending'], ['']])('an Owner whose membership is %s is refused every requirement', (status) => {
    const owner = { role: 'Owner', permissions: ALL_PERMISSIONS, status };
    expect(checkAccess(owner, { role: 'Viewer' })).toEqual({ kind: 'role', required: 'Viewer' });
    expect(checkAccess(owner, { permission: 'canViewAnalytics' })).toEqual({ kind: 'permission', required: 'canViewAnalytics' });
  });

  it('a member without a status counts as active', () => {
    expect(isAllowed({ role: 'Admin', permissions: ALL_PERMISSIONS }, { role: 'Admin', permission: 'canManageUsers' })).toBe(true);
  });

  it('no membership at all is refused any role or permission, but passes a page that needs only sign-in', () => {
    expect(checkAccess(null, { role: 'Viewer' })).toEqual({ kind: 'role', required: 'Viewer' });
    expect(checkAccess(undefined, { permission: 'canViewAnalytics' })).toEqual({ kind: 'permission', required: 'canViewAnalytics' });
    expect(checkAccess(null, {})).toBeNull();
  });
});

describe('flag sets', () => {
  it('completePermissions lists every flag, keeps only true values and drops unknown names', () => {
    const flags = completePermissions({ canManageQueue: true, canManageUsers: 'true', madeUp: true });
    expect(Object.keys(flags).sort()).toEqual([...PERMISSIONS].sort());
    expect(flags.canManageQueue).toBe(true);
    expect(flags.canManageUsers).toBe(false);
    expect(flags).not.toHaveProperty('madeUp');
    expect(completePermissions(null)).toEqual(noFlags);
  });

  it('Owner and Admin start with every flag; the other roles with the flags of their work', () => {
    expect(Object.values(ALL_PERMISSIONS).every((v) => v === true)).toBe(true);
    expect(DEFAULT_PERMISSIONS.Owner).toEqual(ALL_PERMISSIONS);
    expect(DEFAULT_PERMISSIONS.Admin).toEqual(ALL_PERMISSIONS);
    const granted = (role: keyof typeof DEFAULT_PERMISSIONS) => PERMISSIONS.filter((p) => DEFAULT_PERMISSIONS[role][p]).sort();
    expect(granted('Viewer')).toEqual(['canViewAnalytics']);
    expect(granted('Nurse')).toEqual(['canAccessEmergencyRoom', 'canManagePatients', 'canManageQueue']);
    expect(granted('Staff')).toEqual(['canManageKiosk', 'canManageQueue', 'canManageVisitors']);
    expect(granted('Manager')).not.toContain('canManageSettings');
    expect(granted('Doctor')).toContain('canManagePatients');
    expect(granted('Doctor')).not.toContain('canManageUsers');
  });

  it('every default flag set names every flag, so a new member is never missing one', () => {
    for (const role of ROLES) expect(Object.keys(DEFAULT_PERMISSIONS[role]).sort()).toEqual([...PERMISSIONS].sort());
  });
});

describe('planMemberChange: the one rule of every member change', () => {
  const admin = { role: 'Admin', permissions: ALL_PERMISSIONS };
  const owner = { role: 'Owner', permissions: ALL_PERMISSIONS };
  const nurse = { role: 'Nurse', permissions: DEFAULT_PERMISSIONS.Nurse };

  it('refuses an actor without canManageUsers, whatever the rank', () => {
    const plan = planMemberChange({ ...admin, permissions: { ...ALL_PERMISSIONS, canManageUsers: false } }, nurse, { role: 'Staff' });
    expect(plan).toMatchObject({ ok: false, refusal: { reason: 'cannot-manage-users' } });
  });

  it('refuses a target of the same rank or above unless the actor is an Owner', () => {
    expect(planMemberChange(admin, { role: 'Admin', permissions: ALL_PERMISSIONS }, { status: 'disabled' })).toMatchObject({
      ok: false,
      refusal: { reason: 'target-not-below' },
    });
    expect(planMemberChange(admin, { role: 'Manager', permissions: {} }, { status: 'disabled' }).ok).toBe(true);
    expect(planMemberChange(owner, { role: 'Owner', permissions: ALL_PERMISSIONS }, { role: 'Admin' }).ok).toBe(true);
  });

  it('gives no role above the actor: Admin up to Admin, never Owner', () => {
    expect(planMemberChange(admin, nurse, { role: 'Admin' }).ok).toBe(true);
    expect(planMemberChange(admin, nurse, { role: 'Owner' })).toMatchObject({ ok: false, refusal: { reason: 'role-above-own' } });
  });

  it('refuses an explicit grant of a flag the actor lacks, but not one the member already has', () => {
    const restricted = { role: 'Admin', permissions: { ...ALL_PERMISSIONS, canViewAnalytics: false } };
    expect(planMemberChange(restricted, nurse, { permissions: { canViewAnalytics: true } })).toMatchObject({
      ok: false,
      refusal: { reason: 'flag-not-held', message: 'You cannot grant a permission you do not hold: canViewAnalytics.' },
    });
    const doctor = { role: 'Doctor', permissions: DEFAULT_PERMISSIONS.Doctor };
    expect(planMemberChange(restricted, doctor, { permissions: { canViewAnalytics: true } })).toEqual({
      ok: true,
      permissions: DEFAULT_PERMISSIONS.Doctor,
    });
  });

  it("a role change starts from the new role's defaults, less the flags the actor lacks and the member never had", () => {
    const restricted = { role: 'Admin', permissions: { ...ALL_PERMISSIONS, canViewAnalytics: false } };
    expect(planMemberChange(restricted, nurse, { role: 'Doctor' })).toEqual({
      ok: true,
      permissions: { ...DEFAULT_PERMISSIONS.Doctor, canViewAnalytics: false },
    });
    expect(planMemberChange(admin, nurse, { role: 'Doctor' })).toEqual({ ok: true, permissions: DEFAULT_PERMISSIONS.Doctor });
    // Explicit flags sent with the role replace the defaults.
    expect(planMemberChange(admin, nurse, { role: 'Doctor', permissions: { canManageQueue: false } })).toEqual({
      ok: true,
      permissions: { ...DEFAULT_PERMISSIONS.Nurse, canManageQueue: false },
    });
  });

  it('an invitation carries the role defaults the inviter holds', () => {
    const restricted = { role: 'Admin', permissions: { ...ALL_PERMISSIONS, canAccessEmergencyRoom: false } };
    expect(invitationPermissions(restricted, 'Nurse')).toEqual({ ...DEFAULT_PERMISSIONS.Nurse, canAccessEmergencyRoom: false });
    expect(invitationPermissions(admin, 'Admin')).toEqual(ALL_PERMISSIONS);
  });
});

describe('accountWideActionRefusal: an organization acts on an account only where it holds its only membership', () => {
  const own = { organizationId: 'org-a', status: 'active' };

  for (const action of ACCOUNT_WIDE_ACTIONS) {
    it(`${action}: allowed with one membership, in the acting organization`, () => {
      expect(accountWideActionRefusal('org-a', [own], action)).toBeNull();
    });

    it(`${action}: refused with one more membership elsewhere, naming what the Admin can do instead`, () => {
      const refusal = accountWideActionRefusal('org-a', [own, { organizationId: 'org-b', status: 'active' }], action);
      expect(refusal).toMatchObject({ reason: 'other-organizations', otherOrganizations: 1 });
      expect(refusal!.message).toMatch(
        /^This person's account also belongs to another organization, so .+"Disable" to suspend their membership here\.$/,
      );
    });
  }

  it('the acting membership counts whatever its status: a suspended member of one organization only is still its own', () => {
    expect(accountWideActionRefusal('org-a', [{ organizationId: 'org-a', status: 'disabled' }], 'password')).toBeNull();
  });

  it('a suspended membership elsewhere refuses too: enabled again, it would open to whoever set the password', () => {
    const refusal = accountWideActionRefusal('org-a', [own, { organizationId: 'org-b', status: 'disabled' }], 'password');
    expect(refusal).toMatchObject({ reason: 'other-organizations', otherOrganizations: 1 });
  });

  it('counts each other organization once, and offers the reset e-mail only for a password', () => {
    const memberships = [own, { organizationId: 'org-b', status: 'active' }, { organizationId: 'org-c', status: 'active' }];
    expect(accountWideActionRefusal('org-a', memberships, 'password')).toMatchObject({ otherOrganizations: 2 });
    expect(accountWideActionRefusal('org-a', memberships, 'password')!.message).toContain('Send them a password reset e-mail instead');
    expect(accountWideActionRefusal('org-a', memberships, 'second-factor')!.message).toContain('backup codes');
  });

  it('refuses an organization that holds no membership of the account, even of an account with none elsewhere', () => {
    expect(accountWideActionRefusal('org-a', [], 'password')).toMatchObject({ reason: 'not-a-member', otherOrganizations: 0 });
    expect(accountWideActionRefusal('org-a', [{ organizationId: 'org-b', status: 'active' }], 'second-factor')).toMatchObject({
      reason: 'not-a-member',
      otherOrganizations: 1,
    });
  });
});
