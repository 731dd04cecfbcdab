import {
  TRIAL_DAYS,
  featureAllowed,
  isAllowed,
  type ClinicEmergencyDto,
  organizationSettings,
  type CreateClinicBody,
  type CreateOrganizationBody,
  type UpdateClinicBody,
  type UpdateOrganizationBody,
} from '@clinic/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { clinics, organizations } from '../../db/schema/index.js';
import { moveAccountsOff, setCurrentOrganization } from '../../platform/accounts.js';
import { newId } from '../../platform/crypto.js';
import { toClinicDto, toOrganizationDto } from '../../platform/dto.js';
import { PLAN_FEATURE_MESSAGE, subscriptionOf } from '../../platform/admission.js';
import { AppError, notFound } from '../../platform/errors.js';
import {
  activeMembershipsQuery,
  addFoundingOwner,
  endOrganizationMemberships,
  nextActiveOrganizationSql,
  pendingInvitationsQuery,
} from '../members/index.js';
import type { ClinicEmergencySettings } from './clinic-emergency.js';
import type { AccountRouteContext, RouteTenant, TenantAccountRouteContext, TenantRouteContext, TenantTx } from '../../platform/route/index.js';

/** The plan a new organization's trial is of. */
export const TRIAL_PLAN = 'professional';

/**
 * Creates an organization with the caller as its Owner (every flag), its default clinic
 * "{name} Main Clinic", and a 30-day trial of Professional; makes it the caller's current one.
 */
export async function createOrganization(ctx: AccountRouteContext, input: CreateOrganizationBody) {
  const { db, user } = ctx;
  const clinicId = newId();
  const now = new Date();
  const result = await ctx.inNewOrganization(async (org) => {
    const { tx, organizationId } = org;
    const [organization] = await tx
      .insert(organizations)
      .values({
        id: organizationId,
        name: input.name,
        type: input.type,
        description: input.description ?? null,
        address: input.address ?? null,
        phone: input.phone ?? null,
        email: input.email ?? null,
        website: input.website ?? null,
        status: input.status ?? 'active',
        settings: organizationSettings.parse({}),
        planId: TRIAL_PLAN,
        subscriptionStatus: 'trialing',
        subscriptionStartedAt: now,
        trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * 86_400_000),
        createdBy: user.id,
        testOrganization: input.testOrganization ?? false,
      })
      .returning();
    const [clinic] = await tx
      .insert(clinics)
      .values({
        organizationId,
        id: clinicId,
        name: `${input.name} Main Clinic`,
        type: 'general',
        status: 'active',
        address: input.address ?? null,
        phone: input.phone ?? null,
        email: input.email ?? null,
      })
      .returning();
    const memberId = newId();
    await addFoundingOwner(tx, organizationId, { id: memberId, userId: user.id, now });
    await org.audit(
      'organization.created',
      { type: 'organization', id: organizationId },
      input.testOrganization ? { testOrganization: true } : undefined,
    );
    await org.audit('member.joined', { type: 'member', id: memberId }, { role: 'Owner' });
    return { organization: toOrganizationDto(organization), clinic: toClinicDto(clinic) };
  });
  await setCurrentOrganization(db, user.id, result.organization.id, clinicId);
  return result;
}

/** The request's organization. */
export async function getOrganization({ tx, tenant }: { tx: TenantTx; tenant: RouteTenant }) {
  const [row] = await tx.select().from(organizations).where(eq(organizations.id, tenant.organizationId));
  if (!row) throw notFound('Organization');
  return toOrganizationDto(row);
}

/** Changes the request's organization. */
export async function updateOrganization(ctx: TenantRouteContext, input: UpdateOrganizationBody) {
  const { tx, tenant } = ctx;
  const current = await getOrganization(ctx);
  const contact = input.contactInfo ?? { phone: undefined, email: undefined, website: undefined };
  const changes = {
    name: input.name,
    type: input.type,
    description: input.description,
    address: input.address,
    phone: input.phone ?? contact.phone,
    email: input.email ?? contact.email,
    website: input.website ?? contact.website,
    settings: input.settings ? { ...current.settings, ...input.settings } : undefined,
    status: input.status,
  };
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const [row] = await tx
    .update(organizations)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(organizations.id, tenant.organizationId))
    .returning();
  await ctx.audit('organization.updated', { type: 'organization', id: tenant.organizationId }, { fields: Object.keys(set) });
  return toOrganizationDto(row);
}

/** The clinics of the request's organization. */
export async function listClinics({ tx, tenant }: { tx: TenantTx; tenant: RouteTenant }) {
  const rows = await tx.select().from(clinics).where(eq(clinics.organizationId, tenant.organizationId)).orderBy(asc(clinics.createdAt));
  return rows.map(toClinicDto);
}

/** Adds a clinic to the request's organization. */
export async function createClinic(ctx: TenantRouteContext, input: CreateClinicBody) {
  const { tx, tenant } = ctx;
  const [row] = await tx
    .insert(clinics)
    .values({
      organizationId: tenant.organizationId,
      id: newId(),
      name: input.name,
      type: input.type,
      status: input.status,
      address: input.address ?? null,
      phone: input.phone ?? null,
      email: input.email ?? null,
    })
    .returning();
  await ctx.audit('clinic.created', { type: 'clinic', id: row.id });
  return toClinicDto(row);
}

/** The emergency settings of one clinic, kept by the emergency module (the emergency room's header reads the same). */
async function clinicEmergency(
  ctx: { tx: TenantTx; tenant: RouteTenant },
  clinicId: string,
  settings: ClinicEmergencySettings,
): Promise<ClinicEmergencyDto> {
  const { level, facilityId, bedCount } = await settings.read({ tx: ctx.tx, tenant: { ...ctx.tenant, clinicId } });
  return { level, facilityId, bedCount };
}

/** The organization's clinics with their emergency settings (the clinics tab). */
export async function listClinicsWithEmergency(ctx: { tx: TenantTx; tenant: RouteTenant }, settings: ClinicEmergencySettings) {
  const list = await listClinics(ctx);
  const result = [];
  // One after the other: the reads share the transaction's one connection.
  for (const clinic of list) result.push({ ...clinic, emergency: await clinicEmergency(ctx, clinic.id, settings) });
  return result;
}

/**
 * Changes a clinic of the request's organization; another organization's id is a 404. Its
 * emergency settings (level, facility id, bed count) are saved by the emergency module, as the
 * emergency room's own facility route does, and need Admin or above and a plan with the emergency room.
 */
export async function updateClinic(ctx: TenantRouteContext, clinicId: string, input: UpdateClinicBody, settings: ClinicEmergencySettings) {
  const { tx, tenant } = ctx;
  const { emergency, ...fields } = input;
  if (emergency && !isAllowed(tenant.member, { role: 'Admin' })) {
    throw new AppError('access/forbidden', "Only an Admin or the Owner can change a clinic's emergency settings.");
  }
  // The emergency room's own facility route asks the same of the plan.
  if (emergency && !featureAllowed(subscriptionOf(tenant.organization), 'emergencyRoom', true)) {
    throw new AppError('plan/feature-unavailable', PLAN_FEATURE_MESSAGE);
  }
  const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const where = and(eq(clinics.organizationId, tenant.organizationId), eq(clinics.id, clinicId));
  const [row] = Object.keys(set).length ? await tx.update(clinics).set(set).where(where).returning() : await tx.select().from(clinics).where(where);
  if (!row) throw notFound('Clinic');
  await ctx.audit('clinic.updated', { type: 'clinic', id: clinicId }, { fields: Object.keys(set) });
  if (!emergency) return toClinicDto(row);
  const saved = await settings.save({ ...ctx, tenant: { ...tenant, clinicId } }, emergency);
  return { ...toClinicDto(row), emergency: { level: saved.level, facilityId: saved.facilityId, bedCount: saved.bedCount } };
}

/**
 * Organizations the user may choose: those they belong to (active) and, for a verified address,
 * those it holds a pending invitation to, each with its clinics.
 */
export async function availableOrganizations({ db, user }: AccountRouteContext) {
  const active = activeMembershipsQuery(db, user.id).as('m');
  const memberships = await db
    .select({ organization: organizations, role: active.role })
    .from(active)
    .innerJoin(organizations, eq(organizations.id, active.organizationId))
    .orderBy(asc(organizations.name));
  // Invitations are offered by address only to a verified address (see selectCurrentOrganization).
  const pending = pendingInvitationsQuery(db, user.email, new Date()).as('i');
  const invited = user.emailVerifiedAt
    ? await db
        .select({ organization: organizations })
        .from(pending)
        .innerJoin(organizations, eq(organizations.id, pending.organizationId))
        .where(isNull(organizations.archivedAt))
    : [];
  const memberIds = new Set(memberships.map((m) => m.organization.id));
  const entries = [
    ...memberships.map((m) => ({ organization: m.organization, role: m.role as string | null, invited: false })),
    ...invited.filter((i) => !memberIds.has(i.organization.id)).map((i) => ({ organization: i.organization, role: null, invited: true })),
  ];
  const ids = entries.map((e) => e.organization.id);
  const clinicRows = ids.length ? await db.select().from(clinics).where(inArray(clinics.organizationId, ids)).orderBy(asc(clinics.createdAt)) : [];
  return entries.map((e) => ({
    id: e.organization.id,
    name: e.organization.name,
    type: e.organization.type,
    description: e.organization.description,
    plan: e.organization.planId,
    isCurrent: e.organization.id === user.currentOrganizationId,
    role: e.role,
    invited: e.invited,
    clinics: clinicRows.filter((c) => c.organizationId === e.organization.id).map(toClinicDto),
  }));
}

/**
 * Removes a test organization (one the organization test page made, `testOrganization`): it is
 * archived, not erased, so its audit trail stays. Its memberships end, its pending invitations are
 * revoked and its kiosk and board answer 404 (status inactive). Members whose current organization
 * it was move to another active membership of theirs (none if they have no other). Any other
 * organization is refused (409): this is no way to delete a real tenant.
 */
export async function removeTestOrganization(ctx: TenantAccountRouteContext) {
  const { db, tenant } = ctx;
  const organizationId = tenant.organizationId;
  const archived = await ctx.tenantTx(async (t) => {
    const [row] = await t.tx.select().from(organizations).where(eq(organizations.id, organizationId)).for('update');
    if (!row) throw notFound('Organization');
    if (!row.testOrganization) {
      throw new AppError('conflict/not-a-test-organization', 'Only a test organization can be removed.');
    }
    const now = new Date();
    await t.tx.update(organizations).set({ status: 'inactive', archivedAt: now, updatedAt: now }).where(eq(organizations.id, organizationId));
    const ended = await endOrganizationMemberships(t.tx, organizationId);
    await t.audit('organization.archived', { type: 'organization', id: organizationId }, { testOrganization: true, membersEnded: ended.length });
    return { id: organizationId, name: row.name, archivedAt: now.toISOString() };
  });
  // Outside the tenant: the account rows of those whose current choice it was.
  await moveAccountsOff(db, organizationId, (userId) => nextActiveOrganizationSql(userId, organizationId));
  return archived;
}
