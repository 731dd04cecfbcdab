import { accountWideActionRefusal, type AccountMembership, type AccountWideAction } from '@clinic/domain';
import { auditInOrganizations } from '../../platform/account-audit.js';
import { AppError } from '../../platform/errors.js';
import type { AccountDb, TenantAccountRouteContext } from '../../platform/route/index.js';
import { accountMembershipsQuery } from '../members/index.js';

/** The account an organization's Admin acts on: its user, e-mail and (where known) the membership in the Admin's organization. */
export interface AccountTarget {
  userId: string;
  email: string;
  memberId?: string;
}

/** Every membership of an account, in any organization and of any status (the login role reads them all). */
async function membershipsOf(db: AccountDb, userId: string): Promise<AccountMembership[]> {
  return accountMembershipsQuery(db, userId);
}

/**
 * Audits `action` on `target`'s account in every organization the account belongs to (and the
 * request's), naming the organization that acted: an account-wide action taken from one
 * organization changes the person in all of theirs, so each of their organizations sees it.
 */
export async function auditAcrossAccount(
  ctx: TenantAccountRouteContext,
  target: AccountTarget,
  action: string,
  details: Record<string, unknown> = {},
  memberships?: AccountMembership[],
): Promise<void> {
  const all = memberships ?? (await membershipsOf(ctx.db, target.userId));
  await auditInOrganizations(ctx.db, [ctx.tenant.organizationId, ...all.map((m) => m.organizationId)], {
    actorUserId: ctx.actor.userId,
    action,
    entityType: 'user',
    entityId: target.userId,
    ip: ctx.actor.ip,
    details: {
      email: target.email,
      ...(target.memberId ? { memberId: target.memberId } : {}),
      byOrganizationId: ctx.tenant.organizationId,
      byOrganizationName: ctx.tenant.organization.name,
      ...details,
    },
  });
}

/**
 * An account-wide action of the request's organization on `target`: refused (403
 * `access/account-wide`, with what the Admin can do instead) unless the organization holds the
 * account's only membership ({@link accountWideActionRefusal}). The refusal, or the action as
 * `audit` (with `details`) once `act` has run, is audited in every organization of the account.
 */
export async function actOnAccount<T>(
  ctx: TenantAccountRouteContext,
  target: AccountTarget,
  what: { kind: AccountWideAction; audit: string; details?: Record<string, unknown> },
  act: () => Promise<T>,
): Promise<T> {
  const memberships = await membershipsOf(ctx.db, target.userId);
  const refusal = accountWideActionRefusal(ctx.tenant.organizationId, memberships, what.kind);
  if (refusal) {
    const details = { refused: what.audit, kind: what.kind, reason: refusal.reason, otherOrganizations: refusal.otherOrganizations };
    await auditAcrossAccount(ctx, target, 'member.account-action-refused', details, memberships);
    throw new AppError('access/account-wide', refusal.message, undefined, { reason: refusal.reason });
  }
  const result = await act();
  await auditAcrossAccount(ctx, target, what.audit, what.details, memberships);
  return result;
}
