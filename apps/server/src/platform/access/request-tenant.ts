import type { FastifyRequest } from 'fastify';
import type { AppDb } from '../../db/client.js';
import type { SessionUser } from '../../db/schema/index.js';
import { withLookedUpTenant, withTenant, type TenantTx } from '../../db/tenant.js';
import { hashToken } from '../crypto.js';
import { AppError } from '../errors.js';
import { endSession, judgeSession, markMemberActive, tokenFrom, touchSession } from '../sessions.js';
import { auditRefusal } from './refusals.js';
import { membershipOf, requestTenantLookup, sessionCacheOf, type RequestLookup } from './session-lookup.js';
import { checkRouteAccess, selectedTenant } from './tenant-membership.js';
import type { RouteAccess, TenantAccess, TenantContext, WantedTenant } from './types.js';

export const signInRequired = () => new AppError('auth/required', 'Please sign in to continue.');

/** The accesses of routes whose handler checks them itself, in its transaction ({@link withRequestTenant}). */
const checkedByHandler = new WeakSet<RouteAccess>();

/**
 * Marks `access` as checked by the route's handler through {@link withRequestTenant} (what a
 * `caller: 'session'` route does), so the access plugin does not check it first. Only for a handler that
 * always runs its work in `withRequestTenant`.
 */
export function checkAccessInHandler(access: TenantAccess): TenantAccess {
  checkedByHandler.add(access);
  return access;
}

/** Whether the access plugin leaves `access` to the route's handler ({@link checkAccessInHandler}). */
export const isCheckedByHandler = (access: RouteAccess): boolean => checkedByHandler.has(access);

/**
 * Runs `fn` in the tenant transaction of a request to a route of `access`, after checking it as
 * the access plugin would: the session (ended, expired or revoked on any instance: 401), the
 * membership of the organization and clinic the request names (else the user's current ones) and
 * `access` (403 or 404, audited in the user's current organization as {@link auditRefusal} says).
 * The session, the membership and the start of the transaction are one statement sent with
 * `BEGIN` (`db/tenant.ts`, `withLookedUpTenant`): a request's transaction costs that round trip,
 * its own queries and `COMMIT`. When this instance read the same lookup before and nothing it
 * depends on changed since (`startSessionCache`), the checks are made on that row and the
 * transaction opens with its first statement. Sets `request.user`, `request.sessionId` and
 * `request.tenant`.
 */
export async function withRequestTenant<T>(
  db: AppDb,
  request: FastifyRequest,
  access: TenantAccess,
  fn: (tenant: TenantContext, tx: TenantTx) => Promise<T>,
): Promise<T> {
  const token = tokenFrom(request);
  if (!token) throw signInRequired();
  const wanted = selectedTenant(request);
  const now = Date.now();
  const id = hashToken(token);
  const cache = sessionCacheOf(db);
  const key = `${id}\n${wanted.organizationId ?? ''}`;
  const kept = cache?.get(key);
  if (kept && judgeSession(kept, now) === 'fresh' && (await cache!.confirm(key, kept))) {
    const admitted = checkCachedRow(kept, wanted, access, request);
    if (admitted) return withTenant(db, admitted.organizationId, (tx) => fn(admitted, tx));
  }
  // Read from the database now: what is kept must not be older than this.
  const version = cache?.version();
  // What waits for the transaction's end (the connection is back in the pool by then).
  let ended: string | undefined;
  let touched: string | undefined;
  let refused: { user: SessionUser; error: AppError } | undefined;
  let tenant: TenantContext | undefined;
  try {
    return await withLookedUpTenant(
      db,
      {
        name: 'platform_request_tenant',
        build: requestTenantLookup,
        values: { id, organizationId: wanted.organizationId ?? null },
        admit: (row) => {
          if (!row) throw signInRequired();
          const verdict = judgeSession(row, now);
          if (verdict === 'ended') {
            ended = row.session.id;
            throw signInRequired();
          }
          if (verdict === 'touch') touched = row.session.id;
          try {
            tenant = checkLookupRow(row, wanted, access, request);
          } catch (err) {
            if (err instanceof AppError) refused = { user: row.user, error: err };
            throw err;
          }
          if (verdict === 'fresh') cache?.remember(key, row.user.id, row, version!);
          return tenant.organizationId;
        },
      },
      (tx) => fn(tenant!, tx),
    );
  } finally {
    if (ended) await endSession(db, ended);
    if (touched) {
      await touchSession(db, touched, now, request.ip);
      if (tenant) await markMemberActive(db, tenant.organizationId, tenant.member.id, now);
    }
    if (refused) await auditRefusal(db, request, refused.user, wanted, refused.error);
  }
}

/**
 * The tenant of a request admitted on its lookup row (`checkRouteAccess`), which throws the
 * refusal. Sets `request.user` and `request.sessionId`, and `request.tenant` when admitted.
 */
function checkLookupRow(row: RequestLookup, wanted: WantedTenant, access: TenantAccess, request: FastifyRequest): TenantContext {
  request.user = row.user;
  request.sessionId = row.session.id;
  const tenant = checkRouteAccess(row.user, wanted, membershipOf(row), access, request.ip, request.method);
  request.tenant = tenant;
  return tenant;
}

/**
 * {@link checkLookupRow} on a kept row; undefined when refused, so that the refusal is read again from
 * the database and audited there.
 */
function checkCachedRow(row: RequestLookup, wanted: WantedTenant, access: TenantAccess, request: FastifyRequest): TenantContext | undefined {
  try {
    return checkLookupRow(row, wanted, access, request);
  } catch (err) {
    if (err instanceof AppError) return undefined;
    throw err;
  }
}
