import { organizationTimeZone } from '@clinic/domain';
import type { AppDb } from '../../db/client.js';
import { eq } from 'drizzle-orm';
import { organizations, type TenantOrganization } from '../../db/schema/index.js';
import type { TenantContext } from '../access.js';
import { recordAudit, type AuditEntry } from '../audit.js';
import { AppError } from '../errors.js';
import { publishEvent } from '../events.js';
import { withTenant, type TenantTx } from '../tenant-tx.js';
import type { AuditEntity, InOrganization, PublicAccountContext, RouteActor, RouteContext, RouteTenant, StaffTenant } from './context.js';

/** Where a route's audit rows and events belong (`scope` of its options). */
export type RouteScope = 'clinic' | 'organization' | undefined;

/** The audit row of `action` on `entity` by `actor` in `organizationId`: the one shape every context's `audit` writes. */
export function auditEntry(
  organizationId: string | null,
  actor: RouteActor,
  action: string,
  entity: AuditEntity | null | undefined,
  details?: Record<string, unknown>,
): AuditEntry {
  return { organizationId, actorUserId: actor.userId, action, entityType: entity?.type, entityId: entity?.id ?? undefined, ip: actor.ip, details };
}

/** A tenant transaction's context: audit rows and events of the tenant, naming its clinic unless the scope is the organization. */
export function contextOf<T extends RouteTenant, A extends RouteActor>(
  tx: TenantTx,
  tenant: T,
  actor: A,
  scope: RouteScope = 'clinic',
): RouteContext<T, A> {
  const clinicId = scope === 'organization' ? undefined : tenant.clinicId;
  return {
    tx,
    tenant,
    actor,
    audit: (action, entity, details) =>
      recordAudit(tx, auditEntry(tenant.organizationId, actor, action, entity, scope === 'organization' ? details : { clinicId, ...details })),
    emit: (type, entityId, options) =>
      publishEvent(tx, {
        organizationId: tenant.organizationId,
        clinicId: options?.clinicId !== undefined ? options.clinicId : clinicId,
        type,
        entityId,
      }),
  };
}

export const staffTenantOf = (membership: TenantContext): StaffTenant => ({
  ...membership,
  timeZone: organizationTimeZone(membership.organization.settings),
});

/** The tenant of a whole organization (no clinic): an API key's, a webhook's. */
export const organizationTenantOf = (organization: TenantOrganization): RouteTenant => ({
  organizationId: organization.id,
  clinicId: null,
  organization,
  timeZone: organizationTimeZone(organization.settings),
});

/**
 * Writes an audit row about an account: in its organization's tenant transaction when it has one
 * (as refusals are, `access.ts`), else with no organization.
 */
async function auditAccount(db: AppDb, entry: AuditEntry): Promise<void> {
  const organizationId = entry.organizationId;
  if (organizationId) await withTenant(db, organizationId, (tx) => recordAudit(tx, entry));
  else await recordAudit(db, entry);
}

/** `auditAs` of the account contexts: `user` acts, in their current organization (none without one). */
export function accountAuditor(db: AppDb, ip: string): PublicAccountContext['auditAs'] {
  return (user, action, entity, details) =>
    auditAccount(db, auditEntry(user?.currentOrganizationId ?? null, { userId: user?.id ?? null, ip }, action, entity, details));
}

/**
 * `inOrganization` of the account contexts: a tenant transaction of a known organization (404
 * otherwise), its audit rows and events the organization's, `actor` acting.
 */
export function organizationOpener(db: AppDb, actor: RouteActor): InOrganization {
  return (organizationId, fn, actorUserId) =>
    withTenant(db, organizationId, async (tx) => {
      const [organization] = await tx.select().from(organizations).where(eq(organizations.id, organizationId));
      if (!organization) throw new AppError('not-found', 'Organization not found');
      const who: RouteActor = actorUserId ? { userId: actorUserId, ip: actor.ip } : actor;
      return fn(contextOf(tx, organizationTenantOf(organization), who, 'organization'));
    });
}
