import { hasCdsAlert, type News2Result, type Recommendation, type RiskAssessmentType, type RiskFactor } from '@clinic/domain';
import type { QueueEntryRow } from '../../db/schema/index.js';
import type { RouteActor, RouteContext, RouteTenant } from '../../platform/route/index.js';
import { deriveEntry } from './queue-scoring.js';

/** What raised an alert: the check-in itself, or vital signs recorded later. */
export type AlertCause = 'check-in' | 'vitals';

/** A staff route's or a public route's context: a scoring is stored from the kiosk, the intake or the staff queue. */
export type ScoringContext = RouteContext<RouteTenant, RouteActor>;

/** A scoring of a queue entry as the queue's rules derived it. */
export interface EntryScoring {
  riskScore: number;
  news2: News2Result | null;
  riskFactors: readonly RiskFactor[];
  recommendations: readonly Recommendation[];
}

/**
 * Keeps a scoring in the emergency room (its risk-assessment history and the alerts the scoring
 * calls for), in the transaction that scored the entry. The emergency module's
 * `recordEntryScoring`, handed to the queue by its callers (app.ts to the queue's routes, the kiosk
 * and the intake themselves): the emergency room reads the queue, so the queue never imports it.
 */
export type EntryScoringRecorder = (
  ctx: ScoringContext,
  entry: QueueEntryRow,
  scoring: EntryScoring,
  assessmentType: RiskAssessmentType,
  now: Date,
) => Promise<unknown>;

/**
 * Called where the queue stores a scoring (a check-in, recorded vital signs). Hands every scoring to
 * the emergency room through `recordScoring` (its risk-assessment history row, and the emergency alerts it calls for, raised
 * in this transaction), then audits `queue.alert-raised` when a waiting entry raises a CDS alert
 * (immediate attention, or a NEWS2 band above low: `hasCdsAlert`) that it did not raise before: at
 * check-in (`before` null) or when recorded vital signs push it over. The recent activity lists the
 * row. Only writes raise one: the score depends on what was recorded, not on the time waited.
 */
export async function auditAlertIfRaised(
  ctx: ScoringContext,
  recordScoring: EntryScoringRecorder,
  entry: QueueEntryRow,
  before: QueueEntryRow | null,
  cause: AlertCause,
  now = new Date(),
): Promise<boolean> {
  const after = deriveEntry(entry, now);
  await recordScoring(
    ctx,
    entry,
    after,
    cause === 'vitals' ? 'VITALS' : entry.source === 'kiosk' || entry.source === 'emergency-kiosk' ? 'KIOSK' : 'TRIAGE',
    now,
  );
  if (entry.status !== 'waiting') return false;
  if (!hasCdsAlert(after) || (before && hasCdsAlert(deriveEntry(before, now)))) return false;
  await ctx.audit(
    'queue.alert-raised',
    { type: 'queue_entry', id: entry.id },
    {
      patientId: entry.patientId,
      queueNumber: entry.queueNumber,
      riskScore: after.riskScore,
      news2Score: after.news2?.score ?? null,
      immediateAttention: after.requiresImmediateAttention,
      cause,
    },
  );
  return true;
}
