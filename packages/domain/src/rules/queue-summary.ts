/**
 * The Queue stats and the public board read an entry by its stored risk score: the score is written
 * with the entry and again with each vital signs record (the scoring of `queue-status.ts`, the one
 * the emergency board also reads), so these reads need neither the symptoms and history it came
 * from nor the recommendations built on it.
 */
import { computeNews2, type VitalSignsInput } from './news2.js';
import { entryWaitMinutes, type QueueStatsEntry, type QueueStatus } from './queue-status.js';
import { needsImmediateAttention, urgencyForScore } from './risk-levels.js';

/** What the stats and the board read of a stored entry. */
export interface QueueSummaryInput {
  status: QueueStatus;
  createdAt: Date;
  startedAt: Date | null;
  /** When a closed entry ended without care starting (its wait stops there). */
  closedAt: Date | null;
  /** The stored risk score (0-100). */
  riskScore: number;
  /** The recorded vital signs with the supplemental oxygen flag, or null: NEWS2 is computed from them. */
  vitalSigns: VitalSignsInput | null;
}

/**
 * An entry as the Queue stats count it, as of `now`: the wait, and the urgency, immediate attention
 * and NEWS2 band that follow from its stored risk score and vital signs. The same values as the
 * full derivation (`derivedAt`) for an entry whose stored score is current.
 */
export function queueSummaryAt(entry: QueueSummaryInput, now: Date): QueueStatsEntry {
  return {
    status: entry.status,
    startedAt: entry.startedAt,
    waitTime: entryWaitMinutes(entry, now),
    riskScore: entry.riskScore,
    urgencyLevel: urgencyForScore(entry.riskScore),
    requiresImmediateAttention: needsImmediateAttention(entry.riskScore),
    news2: computeNews2(entry.vitalSigns),
  };
}
