import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.js';
import { ehrSyncRuns } from '../../db/schema/index.js';
import { withTenant } from '../../platform/tenant-tx.js';
import type { InTenant } from './epic-sign-in.js';
import { syncEhrPatients } from './patient-sync.service.js';
import type { EhrReach } from './smart-token.js';
import { claimRun, heldBy, runContext, SYNC_STALE_MS, type Claim } from './sync-claim.js';
import type { StoredProgress } from './sync-runs.service.js';

/**
 * The Sync Patients worker: every instance runs one (`app.ts` starts it with the app and stops it
 * on close). Each step reads the due runs across organizations (`due_ehr_sync_runs`, the one read
 * that crosses them: ids only), claims each in its organization's transaction (`sync-claim.ts`)
 * and works it: the sync itself (`patient-sync.service.ts`) with the run's progress and heartbeat
 * written as it goes, then its summary or error. A run whose instance stopped is taken up again
 * once its heartbeat is {@link SYNC_STALE_MS} old; an instance that is stopped hands its run back
 * at once.
 */

/** How often the worker looks for due runs by default (a new request also wakes it at once). */
export const EHR_SYNC_INTERVAL_MS = 5_000;
/** How often a running run's heartbeat is written between pages (a page is also one). */
const HEARTBEAT_MS = 20_000;
/** Due runs one step takes on at most; the rest wait for the next step. */
const RUNS_PER_STEP = 5;
/** What a run that broke on an error of this server says (the error itself is logged). */
export const SYNC_CRASHED = 'The sync stopped on an error of this server.';

/** Thrown inside a run's transaction when its claim no longer holds, or the worker is stopping: the transaction is undone. */
class Interrupted extends Error {}

/** How a step works: the EHR reach, where errors go, and whether the worker is stopping. */
export interface SyncWorkerOptions {
  reach: EhrReach;
  onError: (error: unknown) => void;
  stopping?: () => boolean;
}

/** Writes the run's heartbeat (and progress) while this worker's claim holds; throws {@link Interrupted} otherwise. */
async function beat(run: ReturnType<typeof runContext>, claim: Claim, progress?: StoredProgress) {
  const held = await run.tx
    .update(ehrSyncRuns)
    .set({ heartbeatAt: new Date(), ...(progress ? { progress } : {}) })
    .where(heldBy(claim))
    .returning({ id: ehrSyncRuns.id });
  if (held.length === 0) throw new Interrupted('another worker took the run over');
}

/** Works one claimed run to its end (or hands it back when the worker stops). */
async function workRun(db: AppDb, claim: Claim, options: SyncWorkerOptions): Promise<void> {
  const inTenant: InTenant = (fn) => withTenant(db, claim.organizationId, (tx) => fn(runContext(tx, claim)));
  let lost = false;
  const heartbeat = setInterval(() => {
    inTenant((run) => beat(run, claim)).catch((err) => {
      if (err instanceof Interrupted) lost = true;
      else options.onError(err);
    });
  }, HEARTBEAT_MS);
  heartbeat.unref();
  try {
    await syncEhrPatients({
      inTenant,
      reach: options.reach,
      runId: claim.id,
      onPage: async (run, progress) => {
        if (lost) throw new Interrupted('another worker took the run over');
        if (options.stopping?.()) throw new Interrupted('the worker is stopping');
        await beat(run, claim, { clinicId: claim.tenant.clinicId!, ...progress });
      },
      onFinish: async (run, outcome) => {
        const now = new Date();
        const done = await run.tx
          .update(ehrSyncRuns)
          .set({
            status: outcome.error ? 'failed' : 'succeeded',
            finishedAt: now,
            heartbeatAt: now,
            summary: outcome.summary,
            error: outcome.error,
          })
          .where(heldBy(claim))
          .returning({ id: ehrSyncRuns.id });
        if (done.length === 0) throw new Interrupted('another worker took the run over');
      },
    });
  } catch (err) {
    if (!(err instanceof Interrupted)) {
      options.onError(err);
      await inTenant((run) =>
        run.tx.update(ehrSyncRuns).set({ status: 'failed', finishedAt: new Date(), error: SYNC_CRASHED }).where(heldBy(claim)),
      );
    } else if (options.stopping?.()) {
      // Handed back at once, so that another instance (or this one, restarted) goes on with it.
      await inTenant((run) => run.tx.update(ehrSyncRuns).set({ status: 'queued', heartbeatAt: null }).where(heldBy(claim)));
    }
  } finally {
    clearInterval(heartbeat);
  }
}

/**
 * One step of the worker at `now`: the due runs (queued, or running with a stale heartbeat), each
 * claimed and worked in turn. Answers how many it worked. The state lives in PostgreSQL alone, so
 * a restart loses nothing, and the claim makes each run worked by one worker at a time however
 * many instances step at the same moment.
 */
export async function workDueEhrSyncRuns(db: AppDb, options: SyncWorkerOptions, now = new Date()): Promise<number> {
  const staleBefore = new Date(now.getTime() - SYNC_STALE_MS);
  const due = await db.execute(sql`select organization_id, id from due_ehr_sync_runs(${staleBefore.toISOString()}::timestamptz, ${RUNS_PER_STEP})`);
  let worked = 0;
  for (const { organization_id: organizationId, id } of due.rows as Array<{ organization_id: string; id: string }>) {
    if (options.stopping?.()) break;
    const claim = await claimRun(db, organizationId, id, now);
    if (!claim) continue;
    await workRun(db, claim, options);
    worked += 1;
  }
  return worked;
}

/** The running worker: `wake` starts a step now (a run was just queued), `stop` ends it once the step under way has handed its run back. */
export interface EhrSyncWorker {
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Runs {@link workDueEhrSyncRuns} every `intervalMs`, one step at a time, and at once when woken
 * (a wake during a step runs another right after it). A failed step is reported to `onError` and
 * the next one runs as planned.
 */
export function startEhrSyncWorker(db: AppDb, reach: EhrReach, intervalMs: number, onError: (error: unknown) => void): EhrSyncWorker {
  let stopped = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const options: SyncWorkerOptions = { reach, onError, stopping: () => stopped };
  const schedule = () => {
    timer = setTimeout(step, intervalMs);
    timer.unref();
  };
  const step = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = workDueEhrSyncRuns(db, options)
      .then(() => undefined, onError)
      .finally(() => {
        running = null;
        if (stopped) return;
        if (again) {
          again = false;
          step();
        } else schedule();
      });
  };
  schedule();
  return {
    wake: step,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
