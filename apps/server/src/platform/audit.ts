import type { DbHandle } from '../db/client.js';
import { auditEvents } from '../db/schema/index.js';
import { deferInsert } from '../db/tenant.js';
import { newId } from './crypto.js';
import { countAuditRow } from './ops-counters.js';

/** One audit event: who did what to which record, from where. */
export interface AuditEntry {
  organizationId: string | null;
  actorUserId: string | null;
  action: string;
  entityType?: string;
  entityId?: string;
  ip?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Appends an audit event. Inside a tenant transaction the row passes the same RLS policy as
 * everything else; outside one (sign-in, sign-up, sign-out) the login role may write it only with
 * no organization or one the actor is a member of. Audit rows are never updated: neither app role
 * has an UPDATE or DELETE grant, and a trigger refuses both for every role (migration 0009).
 * In a tenant transaction the row is written with the COMMIT (`deferInsert`): it commits exactly
 * when the work it records does, and costs no round trip of its own.
 */
export async function recordAudit(handle: DbHandle, entry: AuditEntry): Promise<void> {
  await deferInsert(
    handle,
    auditEvents,
    {
      id: newId(),
      organizationId: entry.organizationId,
      actorUserId: entry.actorUserId,
      action: entry.action,
      entityType: entry.entityType ?? null,
      entityId: entry.entityId ?? null,
      ip: entry.ip ?? null,
      details: entry.details ?? null,
    },
    countAuditRow,
  );
}
