import { isAllowed, organizationTimeZone, SETTINGS_ACCESS } from '@clinic/domain';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.js';
import { ehrSyncRuns } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { publishEvent } from '../../platform/events.js';
import type { StaffTenant, TenantRouteContext, TenantTx } from '../../platform/route/index.js';
import { withTenant } from '../../platform/tenant-tx.js';
import { memberAccessOf } from '../members/index.js';
import { organizationRow } from '../organizations/index.js';
import type { StoredProgress } from './sync-runs.service.js';

/**
 * How a worker takes a Sync Patients run and acts in it: the claim (a row lock skipped when held,
 * the run still due, its attempt counted), the member who asked for it checked again, and the
 * context its transactions get, whose audit rows name that member.
 */

/** A running run whose heartbeat is older than this is taken up again: its instance stopped. */
export const SYNC_STALE_MS = 2 * 60_000;
/** Attempts a run gets; one whose instances stopped this often during it is given up. */
export const MAX_SYNC_ATTEMPTS = 5;

/** A run a worker holds: its attempt number is the claim (a later claim by another worker makes it stale). */
export interface Claim {
  organizationId: string;
  id: string;
  attempt: number;
  /** The requester's tenant, as the run's transactions act in it. */
  tenant: StaffTenant;
  userId: string;
}

/** The run, while this worker's claim on it holds (the row is running with this attempt). */
export const heldBy = (claim: Pick<Claim, 'organizationId' | 'id' | 'attempt'>) =>
  and(
    eq(ehrSyncRuns.organizationId, claim.organizationId),
    eq(ehrSyncRuns.id, claim.id),
    eq(ehrSyncRuns.status, 'running'),
    eq(ehrSyncRuns.attempts, claim.attempt),
  );

/** Ends a run that cannot be worked, with the reason, in the claim's transaction. */
async function giveUp(tx: TenantTx, organizationId: string, id: string, error: string, now: Date) {
  await tx
    .update(ehrSyncRuns)
    .set({ status: 'failed', error, finishedAt: now, heartbeatAt: now })
    .where(and(eq(ehrSyncRuns.organizationId, organizationId), eq(ehrSyncRuns.id, id)));
  await recordAudit(tx, {
    organizationId,
    actorUserId: null,
    action: 'organization.patients-sync-failed',
    entityType: 'organization',
    entityId: organizationId,
    details: { integration: 'epic', runId: id, error },
  });
}

/**
 * Claims a due run in its organization's transaction: re-read under `FOR UPDATE SKIP LOCKED` and
 * still queued, or running with a heartbeat older than {@link SYNC_STALE_MS} (another worker, or
 * this one a moment ago, may have taken it since the lookup). It becomes running, from the first
 * page again, with its attempt counted. A run past {@link MAX_SYNC_ATTEMPTS}, or whose requester
 * may no longer run a sync (left the organization, lost the Admin role or the settings
 * permission), is ended as failed instead. Null when nothing was claimed.
 */
export function claimRun(db: AppDb, organizationId: string, id: string, now: Date): Promise<Claim | null> {
  return withTenant(db, organizationId, async (tx) => {
    const staleBefore = new Date(now.getTime() - SYNC_STALE_MS);
    const [row] = await tx
      .select()
      .from(ehrSyncRuns)
      .where(
        and(
          eq(ehrSyncRuns.organizationId, organizationId),
          eq(ehrSyncRuns.id, id),
          or(
            eq(ehrSyncRuns.status, 'queued'),
            and(eq(ehrSyncRuns.status, 'running'), or(isNull(ehrSyncRuns.heartbeatAt), lt(ehrSyncRuns.heartbeatAt, staleBefore))),
          ),
        ),
      )
      .for('update', { skipLocked: true });
    if (!row) return null;
    if (row.attempts >= MAX_SYNC_ATTEMPTS) {
      await giveUp(tx, organizationId, id, `The sync was interrupted ${row.attempts} times; press Sync Patients to start it again.`, now);
      return null;
    }
    const organization = await organizationRow(tx, organizationId);
    const member = row.requestedBy ? await memberAccessOf(tx, organizationId, row.requestedBy) : undefined;
    const clinicId = (row.progress as Partial<StoredProgress> | null)?.clinicId;
    if (
      !organization ||
      !member ||
      !row.requestedBy ||
      !clinicId ||
      member.status !== 'active' ||
      !isAllowed(member, SETTINGS_ACCESS.integrations)
    ) {
      await giveUp(tx, organizationId, id, 'The member who asked for this sync may no longer run it.', now);
      return null;
    }
    const progress: StoredProgress = { clinicId, pagesRead: 0, patientsProcessed: 0 };
    await tx
      .update(ehrSyncRuns)
      .set({ status: 'running', startedAt: now, heartbeatAt: now, attempts: sql`${ehrSyncRuns.attempts} + 1`, progress })
      .where(and(eq(ehrSyncRuns.organizationId, organizationId), eq(ehrSyncRuns.id, id)));
    const tenant: StaffTenant = { organizationId, clinicId, organization, member, timeZone: organizationTimeZone(organization.settings) };
    return { organizationId, id, attempt: row.attempts + 1, tenant, userId: row.requestedBy };
  });
}

/**
 * A transaction's context for the claimed run: its organization's tenant transaction, the
 * requester as the actor of its audit rows (with no address: no request of theirs is under way),
 * and its events to the whole organization, as the Sync Patients route's were.
 */
export function runContext(tx: TenantTx, claim: Claim): TenantRouteContext {
  const { tenant, userId } = claim;
  return {
    tx,
    tenant,
    actor: { userId, ip: '' },
    audit: (action, entity, details) =>
      recordAudit(tx, {
        organizationId: tenant.organizationId,
        actorUserId: userId,
        action,
        entityType: entity?.type,
        entityId: entity?.id ?? undefined,
        ip: null,
        details,
      }),
    emit: (type, entityId, options) => publishEvent(tx, { organizationId: tenant.organizationId, clinicId: options?.clinicId, type, entityId }),
  };
}
