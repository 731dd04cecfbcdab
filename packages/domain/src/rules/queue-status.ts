/**
 * The queue entry's life (clinical-workflows sections 3 and 4): its status machine, the
 * derived fields of the spec's Queue patient, the Queue stats, and the de-identified public board.
 * Every function takes `now` (or already-derived entries) so that nothing here reads a clock.
 */
import type { News2Result } from './news2.js';
import { assessmentBand, assessRisk, clinicalPriority, type RiskAssessment, type RiskInput, type UrgencyLevel } from './risk-score.js';

/** Every status a queue entry can have. */
export const QUEUE_STATUSES = ['waiting', 'in-progress', 'completed', 'cancelled', 'admitted', 'emergency-admitted'] as const;
/** A queue entry status. */
export type QueueStatus = (typeof QUEUE_STATUSES)[number];
/** Statuses of an entry still in the queue; the others are final. */
export const OPEN_QUEUE_STATUSES = ['waiting', 'in-progress'] as const satisfies readonly QueueStatus[];

/** True while an entry is waiting or in progress. */
export function isOpenQueueStatus(status: QueueStatus): boolean {
  return (OPEN_QUEUE_STATUSES as readonly QueueStatus[]).includes(status);
}

/** The actions staff take on an entry. */
export const QUEUE_ACTIONS = ['assign', 'start', 'complete', 'cancel', 'admit', 'emergency-admit'] as const;
/** A queue action. */
export type QueueAction = (typeof QUEUE_ACTIONS)[number];

/**
 * Which statuses each action accepts and what it leads to (`to: null` keeps the status). `verb` reads
 * in "Cannot {verb} an entry that is ...".
 */
export const QUEUE_TRANSITIONS = {
  assign: { from: ['waiting', 'in-progress'], to: null, verb: 'assign a clinician to' },
  start: { from: ['waiting'], to: 'in-progress', verb: 'start care for' },
  complete: { from: ['in-progress'], to: 'completed', verb: 'complete care for' },
  cancel: { from: ['waiting'], to: 'cancelled', verb: 'cancel' },
  admit: { from: ['waiting', 'in-progress'], to: 'admitted', verb: 'admit' },
  'emergency-admit': { from: ['waiting', 'in-progress'], to: 'emergency-admitted', verb: 'emergency-admit' },
} as const satisfies Record<QueueAction, { from: readonly QueueStatus[]; to: QueueStatus | null; verb: string }>;

/** Error code of a refused transition; the server maps `conflict/` codes to 409. */
export const QUEUE_TRANSITION_REFUSED = 'conflict/queue-transition';

/** The outcome of asking for a transition. */
export type QueueTransition =
  | { ok: true; action: QueueAction; from: QueueStatus; status: QueueStatus; changed: boolean }
  | { ok: false; code: typeof QUEUE_TRANSITION_REFUSED; message: string };

/** True when `action` is allowed on an entry in status `from`. */
export function canTransition(from: QueueStatus, action: QueueAction): boolean {
  return (QUEUE_TRANSITIONS[action].from as readonly QueueStatus[]).includes(from);
}

/** The status after `action`, or a refusal whose message says what is allowed. */
export function nextStatus(from: QueueStatus, action: QueueAction): QueueTransition {
  const rule = QUEUE_TRANSITIONS[action];
  if (!canTransition(from, action)) {
    const message = `Cannot ${rule.verb} an entry that is ${from}; allowed only while it is ${rule.from.join(' or ')}.`;
    return { ok: false, code: QUEUE_TRANSITION_REFUSED, message };
  }
  const status = rule.to ?? from;
  return { ok: true, action, from, status, changed: status !== from };
}

/** The action that leads to a target status (the status-update call names the status, not the action). */
export function actionForStatus(to: QueueStatus): QueueAction | null {
  const found = QUEUE_ACTIONS.find((a) => QUEUE_TRANSITIONS[a].to === to);
  return found ?? null;
}

/** A transition named by its target status, as `PUT /api/triage/case/{id}/status` asks for it. */
export function transitionTo(from: QueueStatus, to: QueueStatus): QueueTransition {
  const action = actionForStatus(to);
  if (!action) {
    return { ok: false, code: QUEUE_TRANSITION_REFUSED, message: `Cannot move an entry back to ${to}.` };
  }
  return nextStatus(from, action);
}

/** Minutes a queue entry is expected to wait when nothing else is known. */
export const DEFAULT_ESTIMATED_TIME = 30;

type Instant = Date | string | number;
const millis = (t: Instant) => (t instanceof Date ? t.getTime() : new Date(t).getTime());

/** Whole minutes from `since` to `until`, never negative; 0 when either time is invalid. */
export function waitMinutes(since: Instant, until: Instant): number {
  const ms = millis(until) - millis(since);
  return Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 60_000) : 0;
}

/** A stored queue entry as the rules read it; the server may pass more fields, which are kept. */
export interface QueueEntryInput extends Omit<RiskInput, 'waitTime'> {
  status: QueueStatus;
  /** Check-in time. */
  createdAt: Instant;
  /** When care started; the wait stops there. */
  startedAt?: Instant | null;
  /** When a never-started entry was closed (cancelled, admitted); the wait stops there. */
  closedAt?: Instant | null;
  estimatedTime?: number | null;
}

/** The fields the spec's Queue patient derives. */
export interface QueuePatientDerived {
  /** Minutes waited: from check-in to start of care, closing, or now. */
  waitTime: number;
  estimatedTime: number;
  urgencyLevel: UrgencyLevel;
  riskScore: number;
  clinicalPriority: number;
  riskFactors: RiskAssessment['riskFactors'];
  recommendations: RiskAssessment['recommendations'];
  clinicalGuidelines: string[];
  /** The assessment text of the risk band. */
  aiAssessment: string;
  aiConfidence: number;
  requiresImmediateAttention: boolean;
  news2: News2Result | null;
}

/** The wait of an entry at `now`: it stops when care starts or the entry is closed. */
export function entryWaitMinutes(entry: Pick<QueueEntryInput, 'createdAt' | 'startedAt' | 'closedAt'>, now: Instant): number {
  return waitMinutes(entry.createdAt, entry.startedAt ?? entry.closedAt ?? now);
}

/**
 * The derived fields that do not depend on the time: all but the wait, the estimated time and the
 * clinical priority. A function of the entry's age, symptoms, vital signs, history and chief
 * complaint only, so it can be computed once per state of an entry and reused at every read.
 */
export type QueueScoring = Omit<QueuePatientDerived, 'waitTime' | 'estimatedTime' | 'clinicalPriority'>;

/** The time-independent part of {@link deriveQueuePatient}: the entry's risk assessment without its wait. */
export function queueScoring(entry: Omit<RiskInput, 'waitTime'>): QueueScoring {
  const risk = assessRisk({ ...entry, waitTime: null });
  return {
    urgencyLevel: risk.urgencyLevel,
    riskScore: risk.riskScore,
    riskFactors: risk.riskFactors,
    recommendations: risk.recommendations,
    clinicalGuidelines: risk.clinicalGuidelines,
    aiAssessment: risk.assessment,
    aiConfidence: risk.aiConfidence,
    requiresImmediateAttention: risk.requiresImmediateAttention,
    news2: risk.news2,
  };
}

/** Every derived field of an entry as of `now`, from its {@link queueScoring}: the wait and clinical priority are computed here. */
export function derivedAt(
  entry: Pick<QueueEntryInput, 'createdAt' | 'startedAt' | 'closedAt' | 'estimatedTime' | 'age'>,
  scoring: QueueScoring,
  now: Instant,
): QueuePatientDerived {
  const waitTime = entryWaitMinutes(entry, now);
  return {
    waitTime,
    estimatedTime: entry.estimatedTime ?? DEFAULT_ESTIMATED_TIME,
    urgencyLevel: scoring.urgencyLevel,
    riskScore: scoring.riskScore,
    clinicalPriority: clinicalPriority({ riskScore: scoring.riskScore, age: entry.age, waitTime }),
    riskFactors: scoring.riskFactors,
    recommendations: scoring.recommendations,
    clinicalGuidelines: scoring.clinicalGuidelines,
    aiAssessment: scoring.aiAssessment,
    aiConfidence: scoring.aiConfidence,
    requiresImmediateAttention: scoring.requiresImmediateAttention,
    news2: scoring.news2,
  };
}

/** An entry with every derived field of the spec's Queue patient, as of `now`. */
export function deriveQueuePatient<T extends QueueEntryInput>(entry: T, now: Instant): Omit<T, keyof QueuePatientDerived> & QueuePatientDerived {
  return { ...entry, ...derivedAt(entry, queueScoring(entry), now) };
}

/** Queue order: highest clinical priority first, then the earliest check-in. */
export function compareQueueOrder(
  a: Pick<QueuePatientDerived, 'clinicalPriority'> & { createdAt: Instant },
  b: Pick<QueuePatientDerived, 'clinicalPriority'> & { createdAt: Instant },
): number {
  return b.clinicalPriority - a.clinicalPriority || millis(a.createdAt) - millis(b.createdAt);
}

/** The spec's Queue stats. */
export interface QueueStats {
  totalWaiting: number;
  totalInProgress: number;
  urgentCases: number;
  emergencyCases: number;
  highRiskPatients: number;
  /** Whole minutes. */
  averageWaitTime: number;
  averageRiskScore: number;
  doctorsAvailable: number;
  cdsAlerts: number;
  /** Percent of started entries seen within their band's target wait; null when none started. */
  guidelineCompliance: number | null;
}

/** What the stats read of a derived entry. */
export type QueueStatsEntry = Pick<QueuePatientDerived, 'waitTime' | 'riskScore' | 'urgencyLevel' | 'requiresImmediateAttention' | 'news2'> & {
  status: QueueStatus;
  startedAt?: Instant | null;
};

/** Risk score from which a waiting patient counts as high risk (urgency high or above). */
export const HIGH_RISK_FROM = 50;

/** True when a waiting entry raises a CDS alert: immediate attention, or a NEWS2 band above low. */
export function hasCdsAlert(entry: Pick<QueueStatsEntry, 'requiresImmediateAttention' | 'news2'>): boolean {
  return entry.requiresImmediateAttention || (entry.news2 !== null && entry.news2.band !== 'low');
}

/** True when care started within the target wait of the entry's assessment band (no target: true). */
export function startedWithinTarget(entry: Pick<QueueStatsEntry, 'riskScore' | 'waitTime'>): boolean {
  const target = assessmentBand(entry.riskScore).targetMinutes;
  return target === null || entry.waitTime <= target;
}

const mean = (xs: number[]) => (xs.length ? Math.round(xs.reduce((a, b) => a + b, 0) / xs.length) : 0);

/**
 * Guideline compliance of entries counted elsewhere (the closed entries whose care started, counted
 * by the database): how many started, and how many of them within their band's target
 * ({@link startedWithinTarget}).
 */
export interface StartedTally {
  started: number;
  withinTarget: number;
}

/**
 * The Queue stats of derived entries (see {@link deriveQueuePatient}). Counts, averages and alerts
 * describe the waiting list; compliance reads every entry whose care started: those of `entries`
 * and `closedStarted`, the tally of the closed ones a caller counted apart.
 */
export function computeQueueStats(
  entries: readonly QueueStatsEntry[],
  options: { doctorsAvailable?: number; closedStarted?: StartedTally } = {},
): QueueStats {
  const waiting = entries.filter((e) => e.status === 'waiting');
  const startedOpen = entries.filter((e) => e.startedAt);
  const started = startedOpen.length + (options.closedStarted?.started ?? 0);
  const withinTarget = startedOpen.filter(startedWithinTarget).length + (options.closedStarted?.withinTarget ?? 0);
  return {
    totalWaiting: waiting.length,
    totalInProgress: entries.filter((e) => e.status === 'in-progress').length,
    urgentCases: waiting.filter((e) => e.urgencyLevel === 'urgent').length,
    emergencyCases: waiting.filter((e) => e.urgencyLevel === 'emergency').length,
    highRiskPatients: waiting.filter((e) => e.riskScore >= HIGH_RISK_FROM).length,
    averageWaitTime: mean(waiting.map((e) => e.waitTime)),
    averageRiskScore: mean(waiting.map((e) => e.riskScore)),
    doctorsAvailable: options.doctorsAvailable ?? 0,
    cdsAlerts: waiting.filter(hasCdsAlert).length,
    guidelineCompliance: started ? Math.round((withinTarget / started) * 100) : null,
  };
}

/** The Queue stats of stored entries as of `now`. */
export function queueStatsAt(entries: readonly QueueEntryInput[], now: Instant, options: { doctorsAvailable?: number } = {}): QueueStats {
  return computeQueueStats(
    entries.map((e) => deriveQueuePatient(e, now)),
    options,
  );
}

/** The stats as the page shows them right after Start Care: one fewer waiting (floor 0), one more in progress. */
export function statsAfterStartCare<S extends Pick<QueueStats, 'totalWaiting' | 'totalInProgress'>>(stats: S): S {
  return { ...stats, totalWaiting: Math.max(0, stats.totalWaiting - 1), totalInProgress: stats.totalInProgress + 1 };
}

/** The banner shown after Start Care. */
export function careStartedMessage(id: string): string {
  return `Care session started for patient ${id} - Patient moved to care`;
}

/** One line of the public waiting-room board: nothing that identifies the patient. */
export interface PublicBoardEntry {
  queueNumber: number;
  /** "J.D." */
  initials: string;
  urgencyLevel: UrgencyLevel;
  /** Minutes waited. */
  waitTime: number;
  status: QueueStatus;
}

/** Initials of the first and last names, "J.D."; "?" when there is no name. */
export function boardInitials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const picked = words.length === 1 ? words : [words[0], words[words.length - 1]];
  return picked.map((w) => `${Array.from(w)[0].toUpperCase()}.`).join('');
}

/** The public board: open entries only, by queue number, each reduced to the five public fields. */
export function publicBoard(
  entries: ReadonlyArray<
    Pick<QueuePatientDerived, 'urgencyLevel' | 'waitTime'> & {
      queueNumber: number;
      patientName?: string | null;
      status: QueueStatus;
    }
  >,
): PublicBoardEntry[] {
  return entries
    .filter((e) => isOpenQueueStatus(e.status))
    .map((e) => ({
      queueNumber: e.queueNumber,
      initials: boardInitials(e.patientName),
      urgencyLevel: e.urgencyLevel,
      waitTime: e.waitTime,
      status: e.status,
    }))
    .sort((a, b) => a.queueNumber - b.queueNumber);
}
