import { checkAccess, completePermissions } from '@clinic/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDb } from '../../db/client.js';
import {
  clinics,
  organizationMembers,
  organizations,
  tenantOrganizationColumns,
  type SessionUser,
  type TenantOrganization,
} from '../../db/schema/index.js';
import { admitOrganization, tenantNeeds, type Admission } from '../admission.js';
import { AppError } from '../errors.js';
import type { TenantAccess, TenantContext, WantedTenant } from './types.js';

/** The form of an organization or clinic id (the domain's `idSchema`). */
const SELECTOR_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The organization and clinic a request selects: query, then body, then header, then the user's current ones. */
export function selectedTenant(request: FastifyRequest): WantedTenant {
  const q = (request.query ?? {}) as Record<string, unknown>;
  const b = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
  // A selector is an id; any other text (a NUL, a quote) is refused before it reaches a query.
  const str = (v: unknown, path: string) => {
    if (typeof v !== 'string' || v.length === 0) return undefined;
    if (!SELECTOR_ID.test(v)) throw new AppError('validation/invalid', 'Some fields are invalid.', [{ path, message: 'Invalid id' }]);
    return v;
  };
  const header = (name: string, path: string) => str(request.headers[name], path);
  return {
    organizationId:
      str(q.organizationId, 'organizationId') ?? str(b.organizationId, 'organizationId') ?? header('x-organization-id', 'organizationId'),
    clinicId: str(q.clinicId, 'clinicId') ?? str(b.clinicId, 'clinicId') ?? header('x-clinic-id', 'clinicId'),
  };
}

/** The clinic ids of the joined membership's organization, oldest first. */
export const clinicIdsOfMembership = sql<
  string[]
>`(select coalesce(array_agg(${clinics.id} order by ${clinics.createdAt}), '{}') from ${clinics} where ${clinics.organizationId} = ${organizationMembers.organizationId})`;

/** What a membership lookup gives: the membership, its organization and the clinic ids. */
export interface MembershipLookup {
  member: typeof organizationMembers.$inferSelect;
  organization: TenantOrganization;
  clinicIds: string[];
}

/** The organization a request acts in: the one it names, else the user's current one. */
function wantedOrganization(user: SessionUser, wanted: { organizationId?: string }): string {
  const organizationId = wanted.organizationId ?? user.currentOrganizationId;
  if (!organizationId) throw new AppError('access/not-a-member', 'You are not a member of any organization yet.');
  return organizationId;
}

/**
 * The organization's two-factor rule for a request of its member, from its settings as the lookup
 * read them (no round trip of its own): a member must have a second factor when the organization
 * requires one. The rules every caller meets (the IP allow-list among them) are `admission.ts`'s.
 */
function checkTwoFactorRule(user: SessionUser, organization: TenantOrganization): void {
  const settings = (organization.settings ?? {}) as { requireTwoFactor?: unknown };
  if (settings.requireTwoFactor === true && !user.mfaEnabledAt) {
    throw new AppError(
      'auth/mfa-enrolment-required',
      'Your organization requires two-factor authentication. Set it up under Account security to continue.',
    );
  }
}

/**
 * Judges a membership lookup of `organizationId` and picks the clinic (see {@link resolveTenant}):
 * the membership must be active and the clinic one of its organization's, then the organization
 * must admit the member's request ({@link admitOrganization}: IP allow-list, disabled settings,
 * plan features and read-only state as `needs` asks), then its two-factor rule must hold.
 */
function checkMembership(
  user: SessionUser,
  organizationId: string,
  wanted: { clinicId?: string },
  row: MembershipLookup | undefined,
  ip: string,
  needs: Admission = { write: false },
): TenantContext {
  if (!row) throw new AppError('access/not-a-member', 'You are not a member of this organization.');
  if (row.member.status !== 'active') throw new AppError('access/forbidden', 'Your membership of this organization is not active.');
  const ids = row.clinicIds;
  let clinicId: string | null;
  if (wanted.clinicId) {
    if (!ids.includes(wanted.clinicId)) throw new AppError('access/not-a-member', 'That clinic is not part of this organization.');
    clinicId = wanted.clinicId;
  } else if (user.currentClinicId && organizationId === user.currentOrganizationId && ids.includes(user.currentClinicId)) {
    clinicId = user.currentClinicId;
  } else {
    clinicId = ids[0] ?? null;
  }
  admitOrganization(row.organization, { kind: 'session', ip }, needs);
  checkTwoFactorRule(user, row.organization);
  return {
    organizationId,
    clinicId,
    organization: row.organization,
    member: {
      id: row.member.id,
      role: row.member.role,
      permissions: completePermissions(row.member.permissions as Record<string, unknown>),
      status: row.member.status,
    },
  };
}

/**
 * Loads the caller's membership in `organizationId` (or their current organization) and picks the
 * clinic. The ids only choose among the caller's own memberships: any other is refused.
 */
export async function resolveTenant(db: AppDb, user: SessionUser, wanted: WantedTenant, ip: string): Promise<TenantContext> {
  const organizationId = wantedOrganization(user, wanted);
  // One round trip: the membership, its organization and the clinic ids.
  const [row] = await db
    .select({ member: organizationMembers, organization: tenantOrganizationColumns, clinicIds: clinicIdsOfMembership })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, user.id)))
    .limit(1);
  return checkMembership(user, organizationId, wanted, row, ip);
}

/**
 * The tenant a signed-in user's request to a route of `access` acts in, from the lookup of its
 * membership: the membership must be active, the clinic one of its organization's, the
 * organization must admit the request (`admission.ts`: IP allow-list, the setting, plan feature
 * and read-only state `access` and the method ask for), and the member must have the role and
 * permission flag `access` asks for. Throws the refusal otherwise.
 */
export function checkRouteAccess(
  user: SessionUser,
  wanted: WantedTenant,
  membership: MembershipLookup | undefined,
  access: TenantAccess,
  ip: string,
  method: string,
): TenantContext {
  const admitted = checkMembership(user, wantedOrganization(user, wanted), wanted, membership, ip, tenantNeeds(method, access));
  const refusal = checkAccess(admitted.member, access);
  if (refusal) throw new AppError('access/forbidden', refusalMessage(refusal));
  return admitted;
}

function refusalMessage(refusal: NonNullable<ReturnType<typeof checkAccess>>): string {
  return refusal.kind === 'role'
    ? `You don't have permission to access this page. Required role: ${refusal.required}`
    : `You don't have permission to access this feature. Required permission: ${refusal.required}`;
}
