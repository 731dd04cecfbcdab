import type { FastifyRequest } from 'fastify';
import type { AppDb } from '../../db/client.js';
import type { SessionUser } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';
import { recordAudit, type AuditEntry } from '../audit.js';
import { AppError } from '../errors.js';
import type { WantedTenant } from './types.js';

/** The codes of a refused membership or role: what {@link auditRefusal} records. */
const AUDITED_REFUSALS = new Set(['access/not-a-member', 'access/forbidden']);

/**
 * Records a refused tenant access in the actor's current organization, so that its administrators
 * see it and nothing is ever written into the organization that was targeted:
 * `access.cross-tenant-refused` when the caller asked for an organization or clinic they are no
 * member of, `access.refused` when their own role, flags or membership fell short. With no current
 * organization the row has none. A failure to write is logged; the refusal stands either way.
 */
export async function auditRefusal(db: AppDb, request: FastifyRequest, user: SessionUser, wanted: WantedTenant, error: AppError): Promise<void> {
  if (!AUDITED_REFUSALS.has(error.code)) return;
  const attemptedOrganizationId = wanted.organizationId ?? user.currentOrganizationId;
  if (!attemptedOrganizationId) return; // nothing was asked for: a user with no organization at all
  const entry: AuditEntry = {
    organizationId: user.currentOrganizationId,
    actorUserId: user.id,
    action: error.code === 'access/not-a-member' ? 'access.cross-tenant-refused' : 'access.refused',
    entityType: 'organization',
    entityId: attemptedOrganizationId,
    ip: request.ip,
    details: {
      attemptedOrganizationId,
      attemptedClinicId: wanted.clinicId ?? null,
      method: request.method,
      // The query string may carry search terms (patient names): only the path is kept.
      path: request.url.split('?')[0].slice(0, 500),
      code: error.code,
      reason: error.message,
    },
  };
  try {
    if (entry.organizationId) await withTenant(db, entry.organizationId, (tx) => recordAudit(tx, entry));
    else await recordAudit(db, entry);
  } catch (err) {
    request.log.error({ err: (err as Error).message, action: entry.action }, 'refusal not audited');
  }
}

/** Runs `fn`; a membership or role refusal it throws is audited ({@link auditRefusal}) and thrown on. */
export async function auditingRefusals<T>(
  db: AppDb,
  request: FastifyRequest,
  user: SessionUser,
  wanted: WantedTenant,
  fn: () => Promise<T>,
): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) await auditRefusal(db, request, user, wanted, err);
    throw err;
  }
}
