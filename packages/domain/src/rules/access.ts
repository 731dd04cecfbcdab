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
  Manager: flags(
    'canManageUsers',
    'canViewAnalytics',
    'canManagePatients',
    'canAccessEmergencyRoom',
    'canManageQueue',
    'canManageVisitors',
    'canManageKiosk',
    'canManageClinicalTrials',
  ),
  Doctor: flags(
    'canViewAnalytics',
    'canManagePatients',
    'canAccessEmergencyRoom',
    'canManageQueue',
    'canManageClinicalTrials',
  ),
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
