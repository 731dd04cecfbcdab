import type { EhrSyncProgress, EhrSyncRun, EhrSyncRunStatus, SyncSummary } from '@clinic/domain';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { ehrSyncRuns } from '../../db/schema/index.js';
import { newId } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import type { TenantRouteContext, TenantTx } from '../../platform/route/index.js';
import { memberNames } from '../members/index.js';
import { currentTargets } from './checks.service.js';

/**
 * Sync Patients runs: queued by an Admin, worked by a background worker (`sync-worker.ts`), listed
 * as the history the settings screen shows. One run of an organization is open (queued or
 * running) at a time: the table's partial unique index says so, and a second request joins it.
 */

/** What a run keeps in `progress`: how far it has come, and the clinic its new patients go to (the requester's). */
export interface StoredProgress extends EhrSyncProgress {
  clinicId: string;
}

/** The statuses of an open run (the partial unique index's condition). */
export const OPEN_STATUSES: EhrSyncRunStatus[] = ['queued', 'running'];

type RunRow = typeof ehrSyncRuns.$inferSelect;

const ofOrganization = (organizationId: string) => and(eq(ehrSyncRuns.organizationId, organizationId), eq(ehrSyncRuns.integration, 'epic'));

/** The runs as the screen shows them, with the requesting members' names. */
async function toDtos(tx: TenantTx, organizationId: string, rows: RunRow[]): Promise<EhrSyncRun[]> {
  const names = await memberNames(
    tx,
    organizationId,
    rows.map((r) => r.requestedBy),
  );
  return rows.map((r) => {
    const progress = r.progress as Partial<StoredProgress> | null;
    return {
      id: r.id,
      status: r.status as EhrSyncRunStatus,
      requestedAt: r.requestedAt.toISOString(),
      requestedBy: (r.requestedBy && names.get(r.requestedBy)) ?? null,
      startedAt: r.startedAt?.toISOString() ?? null,
      finishedAt: r.finishedAt?.toISOString() ?? null,
      attempts: r.attempts,
      progress: progress ? { pagesRead: progress.pagesRead ?? 0, patientsProcessed: progress.patientsProcessed ?? 0 } : null,
      summary: (r.summary as SyncSummary | null) ?? null,
      error: r.error,
    };
  });
}

/** The organization's open run, if one. */
async function openRun(tx: TenantTx, organizationId: string): Promise<RunRow | undefined> {
  const [row] = await tx
    .select()
    .from(ehrSyncRuns)
    .where(and(ofOrganization(organizationId), inArray(ehrSyncRuns.status, OPEN_STATUSES)));
  return row;
}

/**
 * Sync Patients: queues a run for the background worker, its new patients to go to the requester's
 * clinic, and answers it at once; while one is open (queued or running) that one is the answer.
 * Two requests at the same moment meet at the unique index: the second waits for the first to
 * commit, inserts nothing, and reads the run the first made. Refused (409) while the connection
 * is off or has no base URL.
 */
export async function requestEhrSync(ctx: TenantRouteContext): Promise<{ run: EhrSyncRun; queued: boolean }> {
  const { tx, tenant, actor } = ctx;
  const epic = (await currentTargets(tx, tenant.organizationId)).find((x) => x.id === 'epic')!;
  if (!epic.configured) throw new AppError('conflict/integration-off', 'Turn the Epic EHR connection on and set its base URL first.');
  if (!tenant.clinicId) throw new AppError('request/no-clinic', 'Select a clinic to manage its patients.');
  const progress: StoredProgress = { clinicId: tenant.clinicId, pagesRead: 0, patientsProcessed: 0 };
  // Twice at most: the open run another request made may have finished between the insert and the read.
  for (let tries = 0; tries < 2; tries += 1) {
    const [inserted] = await tx
      .insert(ehrSyncRuns)
      .values({ organizationId: tenant.organizationId, id: newId(), integration: 'epic', status: 'queued', requestedBy: actor.userId, progress })
      .onConflictDoNothing({ target: [ehrSyncRuns.organizationId, ehrSyncRuns.integration], where: sql`status IN ('queued', 'running')` })
      .returning();
    if (inserted) {
      await ctx.audit(
        'organization.patients-sync-requested',
        { type: 'organization', id: tenant.organizationId },
        { integration: 'epic', runId: inserted.id },
      );
      return { run: (await toDtos(tx, tenant.organizationId, [inserted]))[0], queued: true };
    }
    const open = await openRun(tx, tenant.organizationId);
    if (open) return { run: (await toDtos(tx, tenant.organizationId, [open]))[0], queued: false };
  }
  throw new AppError('conflict/sync-busy', 'Another sync started and ended at this moment; press Sync Patients again.');
}

/** The organization's Sync Patients runs, newest first, at most `limit`, and how many there are. */
export async function listEhrSyncRuns(
  ctx: Pick<TenantRouteContext, 'tx' | 'tenant'>,
  limit: number,
): Promise<{ runs: EhrSyncRun[]; total: number }> {
  const { tx, tenant } = ctx;
  const rows = await tx
    .select()
    .from(ehrSyncRuns)
    .where(ofOrganization(tenant.organizationId))
    .orderBy(desc(ehrSyncRuns.requestedAt), desc(ehrSyncRuns.id))
    .limit(limit);
  const [{ total }] = await tx.select({ total: count() }).from(ehrSyncRuns).where(ofOrganization(tenant.organizationId));
  return { runs: await toDtos(tx, tenant.organizationId, rows), total };
}
