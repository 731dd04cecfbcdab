import {
  completePermissions,
  organizationSettings,
  type ClinicDto,
  type MemberDto,
  type OrganizationDto,
  type OrganizationUserDto,
  type Role,
  type UserDto,
} from '@clinic/domain';
import type { ClinicRow, MemberRow, OrganizationRow, SessionUser, UserRow } from '../db/schema/index.js';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** A user as the API returns it (never the password hash). */
export function toUserDto(u: SessionUser): UserDto {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    status: u.status,
    currentOrganizationId: u.currentOrganizationId,
    currentClinicId: u.currentClinicId,
    emailVerified: u.emailVerifiedAt !== null,
    createdAt: u.createdAt.toISOString(),
  };
}

/** An organization with its settings completed by their defaults. */
export function toOrganizationDto(o: OrganizationRow): OrganizationDto {
  return {
    id: o.id,
    name: o.name,
    type: o.type,
    description: o.description,
    address: o.address,
    phone: o.phone,
    email: o.email,
    website: o.website,
    contactInfo: { phone: o.phone, email: o.email, website: o.website },
    status: o.status,
    settings: organizationSettings.parse(o.settings ?? {}),
    subscription: {
      plan: (o.planId as OrganizationDto['subscription']['plan']) ?? null,
      status: o.subscriptionStatus,
      startDate: iso(o.subscriptionStartedAt),
      endDate: iso(o.currentPeriodEnd ?? o.trialEndsAt),
      trialEndsAt: iso(o.trialEndsAt),
      billingCycle: o.billingCycle,
    },
    createdBy: o.createdBy,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    testOrganization: o.testOrganization,
  };
}

/** A clinic. */
export function toClinicDto(c: ClinicRow): ClinicDto {
  return {
    id: c.id,
    name: c.name,
    organizationId: c.organizationId,
    address: c.address,
    phone: c.phone,
    email: c.email,
    type: c.type,
    status: c.status,
  };
}

/** The user fields a membership row is shown with. */
export type MemberUser = Pick<UserRow, 'email' | 'firstName' | 'lastName' | 'lastLoginAt'>;

/** The caller's membership, as the session returns it. */
export function toOrganizationUserDto(m: MemberRow, u: MemberUser & { id: string }): OrganizationUserDto {
  return {
    id: m.id,
    organizationId: m.organizationId,
    userId: m.userId,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    role: m.role as Role,
    department: m.department,
    title: m.title,
    permissions: completePermissions(m.permissions as Record<string, unknown>),
    status: m.status,
    invitedBy: m.invitedBy,
    invitedAt: iso(m.invitedAt),
    joinedAt: iso(m.joinedAt),
    lastActiveAt: iso(m.lastActiveAt),
  };
}

/** A member row of the organization screens. */
export function toMemberDto(m: MemberRow, u: MemberUser): MemberDto {
  return {
    id: m.id,
    userId: m.userId,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    role: m.role,
    permissions: completePermissions(m.permissions as Record<string, unknown>),
    department: m.department,
    title: m.title,
    status: m.status,
    lastLogin: iso(u.lastLoginAt),
    joinedAt: iso(m.joinedAt),
  };
}
