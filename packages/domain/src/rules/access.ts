/**
 * Roles, their ranks and the permission flags of the platform (platform-core sections 5-6).
 * One decision function, {@link isAllowed}, is used by the server's route options and the web's guards.
 */

/** Staff roles, lowest first. */
export const ROLES = ['Viewer', 'Staff', 'Nurse', 'Doctor', 'Manager', 'Admin', 'Owner'] as const;
/** A staff role. */
export type Role = (typeof ROLES)[number];

/** Rank of each role; a higher role includes the lower ones. */
export const ROLE_RANK = {
  Owner: 7,
  Admin: 6,
  Manager: 5,
  Doctor: 4,
  Nurse: 3,
  Staff: 2,
  Viewer: 1,
} as const satisfies Record<Role, number>;

/** The permission flags an organization member carries. */
export const PERMISSIONS = [
  'canManageUsers',
  'canManageSettings',
  'canViewAnalytics',
  'canManagePatients',
  'canAccessEmergencyRoom',
  'canManageQueue',
  'canManageVisitors',
  'canManageKiosk',
  'canManageClinicalTrials',
] as const;
/** One permission flag. */
export type Permission = (typeof PERMISSIONS)[number];
/** A member's full set of flags. */
export type Permissions = Record<Permission, boolean>;

/** Rank of a role; anything unknown ranks 0. */
export function roleRank(role: string | null | undefined): number {
  return role && Object.hasOwn(ROLE_RANK, role) ? ROLE_RANK[role as Role] : 0;
}

/** True when `role` is at least `required`. */
export function hasRole(role: string | null | undefined, required: Role): boolean {
  return roleRank(role) >= ROLE_RANK[required];
}

function flags(...granted: Permission[]): Permissions {
  return Object.fromEntries(PERMISSIONS.map((p) => [p, granted.includes(p)])) as Permissions;
}

/** Every flag true: what an Owner holds. */
export const ALL_PERMISSIONS: Permissions = flags(...PERMISSIONS);

/**
 * The flags a new member of each role starts with. Admins may change them afterwards,
 * within their own rank.
 */
export const DEFAULT_PERMISSIONS = {
  Owner: ALL_PERMISSIONS,
  Admin: ALL_PERMISSIONS,
  Manager: flags(...PERMISSIONS.filter((p) => p !== 'canManageSettings')),
  Doctor: flags('canViewAnalytics', 'canManagePatients', 'canAccessEmergencyRoom', 'canManageQueue', 'canManageClinicalTrials'),
  Nurse: flags('canManagePatients', 'canAccessEmergencyRoom', 'canManageQueue'),
  Staff: flags('canManageKiosk', 'canManageVisitors', 'canManageQueue'),
  Viewer: flags('canViewAnalytics'),
} as const satisfies Record<Role, Permissions>;

/** What a route or screen requires of the caller, beyond being signed in. */
export interface AccessRequirement {
  role?: Role;
  permission?: Permission;
}

/** The part of a membership that access decisions read. */
export interface AccessSubject {
  role: string;
  permissions: Partial<Record<Permission, boolean>>;
  status?: string;
}

/** Why access was refused, or null when allowed. */
export type AccessRefusal = { kind: 'role'; required: Role } | { kind: 'permission'; required: Permission };

/**
 * Decides whether `member` may do what `requirement` asks. Returns null when allowed,
 * otherwise what was missing. An inactive member is refused everything that has a requirement.
 */
export function checkAccess(member: AccessSubject | null | undefined, requirement: AccessRequirement): AccessRefusal | null {
  const active = member && (member.status === undefined || member.status === 'active');
  if (requirement.role && !(active && hasRole(member.role, requirement.role))) {
    return { kind: 'role', required: requirement.role };
  }
  if (requirement.permission && !(active && member.permissions[requirement.permission] === true)) {
    return { kind: 'permission', required: requirement.permission };
  }
  return null;
}

/** Boolean form of {@link checkAccess}. */
export function isAllowed(member: AccessSubject | null | undefined, requirement: AccessRequirement): boolean {
  return checkAccess(member, requirement) === null;
}

/** Normalises a stored flag map so that every flag is present. */
export function completePermissions(partial: Partial<Record<string, unknown>> | null | undefined): Permissions {
  return Object.fromEntries(PERMISSIONS.map((p) => [p, partial?.[p] === true])) as Permissions;
}

/** What a member change asks for: a new role, single flags, a new status. */
export interface MemberChange {
  role?: Role;
  permissions?: Partial<Record<Permission, boolean>>;
  status?: string;
}

/** Why a member change is refused, with the message the caller sees. */
export interface MemberChangeRefusal {
  reason: 'cannot-manage-users' | 'target-not-below' | 'role-above-own' | 'flag-not-held';
  message: string;
}

/** The result of {@link planMemberChange}: the member's flags after the change, or why not. */
export type MemberChangePlan = { ok: true; permissions: Permissions } | { ok: false; refusal: MemberChangeRefusal };

const refuse = (reason: MemberChangeRefusal['reason'], message: string): MemberChangePlan => ({
  ok: false,
  refusal: { reason, message },
});

/**
 * The one rule every membership change passes (role, flags, status). The actor must hold
 * `canManageUsers`; must outrank the target unless the actor is an Owner (so Admins cannot demote
 * or disable each other); may give no role above their own; and may grant no flag they do not
 * hold. A role change without explicit flags starts from the new role's defaults, keeping only
 * the default flags the actor holds or the member already had: defaults never smuggle in a flag
 * the actor lacks. The last-Owner rule needs the database and is checked by the caller.
 */
export function planMemberChange(actor: AccessSubject, target: { role: string; permissions: unknown }, change: MemberChange): MemberChangePlan {
  const held = completePermissions(actor.permissions);
  if (!isAllowed(actor, { permission: 'canManageUsers' })) {
    return refuse('cannot-manage-users', "You don't have permission to manage members.");
  }
  if (actor.role !== 'Owner' && roleRank(target.role) >= roleRank(actor.role)) {
    return refuse('target-not-below', 'You can only change members whose role is below your own.');
  }
  if (change.role && !hasRole(actor.role, change.role)) {
    return refuse('role-above-own', `You cannot give a role above your own (${actor.role}).`);
  }
  const current = completePermissions(target.permissions as Partial<Record<string, unknown>> | null);
  const explicitGrants = PERMISSIONS.filter((p) => change.permissions?.[p] === true && !current[p] && !held[p]);
  if (explicitGrants.length) {
    return refuse('flag-not-held', `You cannot grant a permission you do not hold: ${explicitGrants.join(', ')}.`);
  }
  const roleChanged = change.role !== undefined && change.role !== target.role;
  const base: Permissions =
    roleChanged && !change.permissions
      ? (Object.fromEntries(PERMISSIONS.map((p) => [p, DEFAULT_PERMISSIONS[change.role!][p] && (held[p] || current[p])])) as Permissions)
      : current;
  const permissions = { ...base };
  for (const p of PERMISSIONS) {
    const wanted = change.permissions?.[p];
    if (wanted !== undefined) permissions[p] = wanted;
  }
  return { ok: true, permissions };
}

/** The flags an invitation to `role` carries: the role's defaults that the inviter holds. */
export function invitationPermissions(inviter: AccessSubject, role: Role): Permissions {
  const held = completePermissions(inviter.permissions);
  return Object.fromEntries(PERMISSIONS.map((p) => [p, DEFAULT_PERMISSIONS[role][p] && held[p]])) as Permissions;
}

/**
 * What belongs to a person's account rather than to one of their memberships: changing it changes
 * them in every organization they belong to.
 */
export const ACCOUNT_WIDE_ACTIONS = ['password', 'second-factor', 'email', 'sign-in-lock'] as const;
/** One account-wide action. */
export type AccountWideAction = (typeof ACCOUNT_WIDE_ACTIONS)[number];

/** One of an account's memberships, whatever its status. */
export interface AccountMembership {
  organizationId: string;
  status: string;
}

/** Why an organization may not take an account-wide action, with the message its Admin sees. */
export interface AccountWideRefusal {
  reason: 'not-a-member' | 'other-organizations';
  /** How many other organizations hold a membership of the account. */
  otherOrganizations: number;
  message: string;
}

/** What each refused action leaves the Admin, said after why it is refused. */
const ACCOUNT_WIDE_INSTEAD: Record<AccountWideAction, string> = {
  password:
    'its password is theirs to change, not this organization\'s. Send them a password reset e-mail instead (they choose the new password from their own mailbox), or use "Disable" to suspend their membership here.',
  'second-factor':
    'its two-factor sign-in is theirs to reset, not this organization\'s. They can sign in with one of their backup codes; you can use "Disable" to suspend their membership here.',
  email: 'its e-mail address is theirs to change, not this organization\'s. You can use "Disable" to suspend their membership here.',
  'sign-in-lock':
    'its sign-in lock is not this organization\'s to clear: it opens by itself once the failed tries leave the lock window. You can use "Disable" to suspend their membership here.',
};

/**
 * Whether an organization's Admin may take an account-wide action (set a password, reset the second
 * factor, change the e-mail, clear the sign-in lock) on a member's account: only when the acting
 * organization holds the account's only membership. Otherwise one organization's Admin could take
 * the account over and with it the person's access to every other organization. Memberships
 * elsewhere count whatever their status: a suspended one can be enabled again, and would then open
 * to whoever set the password. The rank rules of the membership ({@link planMemberChange}) are
 * checked besides. Null when allowed.
 */
export function accountWideActionRefusal(
  organizationId: string,
  memberships: readonly AccountMembership[],
  action: AccountWideAction,
): AccountWideRefusal | null {
  const otherOrganizations = new Set(memberships.filter((m) => m.organizationId !== organizationId).map((m) => m.organizationId)).size;
  if (!memberships.some((m) => m.organizationId === organizationId)) {
    return { reason: 'not-a-member', otherOrganizations, message: 'This person is not a member of this organization.' };
  }
  if (otherOrganizations === 0) return null;
  return {
    reason: 'other-organizations',
    otherOrganizations,
    message: `This person's account also belongs to another organization, so ${ACCOUNT_WIDE_INSTEAD[action]}`,
  };
}
