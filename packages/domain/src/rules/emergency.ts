/**
 * The emergency room's rules (operations-and-public sections 2.2, 3 and 9): which
 * scorings raise which alert, what a risk score means on the board (level, predicted outcome, time
 * to treatment), the alert's life, the mass-casualty triage colours and the metrics arithmetic.
 * Built on the queue's risk rules (`risk-levels.ts`) and NEWS2 (`news2.ts`); nothing here reads a
 * clock, every function takes `now` or the minutes it needs.
 */
import type { News2Parameter, News2Result } from './news2.js';
import { assessmentBand, IMMEDIATE_ATTENTION_ABOVE, needsImmediateAttention } from './risk-levels.js';

/** Alert types: the causes the server raises by itself, and those staff raise by hand. */
export const ALERT_TYPES = ['HIGH_RISK', 'VITALS', 'EMERGENCY_CHECKIN', 'MASS_CASUALTY', 'SAFETY', 'SECURITY', 'MANUAL'] as const;
/** An alert type. */
export type AlertType = (typeof ALERT_TYPES)[number];
/** Severities, most severe first (colours: CRITICAL red, HIGH orange, MEDIUM yellow, LOW green). */
export const ALERT_SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const;
/** An alert severity (also a mass-casualty event's). */
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];
/** An alert's statuses, in the order it lives them. */
export const ALERT_STATUSES = ['ACTIVE', 'ACKNOWLEDGED', 'RESOLVED'] as const;
/** An alert status. */
export type AlertStatus = (typeof ALERT_STATUSES)[number];
/** What staff do to an alert. */
export const ALERT_ACTIONS = ['acknowledge', 'resolve'] as const;
/** An alert action. */
export type AlertAction = (typeof ALERT_ACTIONS)[number];

/** The emergency room's risk levels, lowest first. */
export const ER_RISK_LEVELS = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;
/** A risk level on the emergency board. */
export type ErRiskLevel = (typeof ER_RISK_LEVELS)[number];
/** Lowest score of HIGH: the queue's high-risk threshold (urgency high or above). */
export const ER_HIGH_RISK_FROM = 50;
/** Lowest score of MEDIUM: the queue's medium urgency. */
export const ER_MEDIUM_RISK_FROM = 25;

/** How a stored risk assessment came about. */
export const RISK_ASSESSMENT_TYPES = ['TRIAGE', 'KIOSK', 'VITALS', 'MANUAL'] as const;
/** A risk assessment type. */
export type RiskAssessmentType = (typeof RISK_ASSESSMENT_TYPES)[number];

/** START triage colours, most urgent first: RED immediate, YELLOW delayed, GREEN minor, BLACK expectant. */
export const TRIAGE_COLORS = ['RED', 'YELLOW', 'GREEN', 'BLACK'] as const;
/** A START triage colour. */
export type TriageColor = (typeof TRIAGE_COLORS)[number];
/** A mass-casualty event's statuses. */
export const MASS_CASUALTY_STATUSES = ['ACTIVE', 'CLOSED'] as const;
/** A mass-casualty event status. */
export type MassCasualtyStatus = (typeof MASS_CASUALTY_STATUSES)[number];

/** A NEWS2 total from which the vital signs raise an alert (the RCP "high" band). */
export const NEWS2_ALERT_FROM = 7;

/**
 * The risk level of a score: CRITICAL when it calls for immediate attention (above 80), HIGH from
 * 50, MEDIUM from 25, else LOW.
 */
export function erRiskLevel(score: number): ErRiskLevel {
  if (needsImmediateAttention(score)) return 'CRITICAL';
  if (score >= ER_HIGH_RISK_FROM) return 'HIGH';
  if (score >= ER_MEDIUM_RISK_FROM) return 'MEDIUM';
  return 'LOW';
}

/** True for the levels the High-risk patients list shows (HIGH and CRITICAL). */
export function isHighRiskLevel(level: ErRiskLevel): boolean {
  return level === 'HIGH' || level === 'CRITICAL';
}

/** Predicted outcomes, by assessment band of the score. */
export const PREDICTED_OUTCOMES = {
  critical: 'critical',
  urgent: 'poor',
  moderate: 'guarded',
  'low-urgency': 'fair',
  stable: 'good',
} as const;
/** A predicted outcome. */
export type PredictedOutcome = (typeof PREDICTED_OUTCOMES)[keyof typeof PREDICTED_OUTCOMES];

/** The predicted outcome of a score: from its assessment band (critical, poor, guarded, fair, good). */
export function predictedOutcome(score: number): PredictedOutcome {
  return PREDICTED_OUTCOMES[assessmentBand(score).band];
}

/**
 * Minutes left to treatment: the score band's target wait minus the wait so far; negative when
 * overdue; null when the band has no target (stable).
 */
export function timeToTreatment(score: number, waitedMinutes: number): number | null {
  const target = assessmentBand(score).targetMinutes;
  return target === null ? null : target - waitedMinutes;
}

/** The causes a scoring can raise by itself. */
export type ScoringCause = Extract<AlertType, 'HIGH_RISK' | 'VITALS'>;

/** An alert a scoring calls for. */
export interface ScoringAlert {
  type: ScoringCause;
  severity: AlertSeverity;
  message: string;
}

const NEWS2_PARAMETER_NAMES: Record<News2Parameter, string> = {
  respiratoryRate: 'respiratory rate',
  oxygenSaturation: 'oxygen saturation',
  supplementalOxygen: 'supplemental oxygen',
  systolic: 'systolic blood pressure',
  pulse: 'pulse',
  consciousness: 'consciousness',
  temperature: 'temperature',
};

/**
 * The alerts a scoring calls for: HIGH_RISK (CRITICAL) when the risk score is above 80; VITALS when
 * NEWS2 is 7 or more (CRITICAL) or any single parameter scores 3 (HIGH).
 */
export function alertsForScoring(scoring: { riskScore: number; news2: Pick<News2Result, 'score' | 'points'> | null }): ScoringAlert[] {
  const out: ScoringAlert[] = [];
  if (needsImmediateAttention(scoring.riskScore)) {
    out.push({
      type: 'HIGH_RISK',
      severity: 'CRITICAL',
      message: `Risk score ${scoring.riskScore}/100 is above ${IMMEDIATE_ATTENTION_ABOVE}: immediate attention required.`,
    });
  }
  const news2 = scoring.news2;
  if (news2) {
    const threes = (Object.keys(news2.points) as News2Parameter[]).filter((p) => news2.points[p] === 3);
    if (news2.score >= NEWS2_ALERT_FROM) {
      out.push({ type: 'VITALS', severity: 'CRITICAL', message: `NEWS2 ${news2.score}: emergency assessment by a clinical team.` });
    } else if (threes.length) {
      const names = threes.map((p) => NEWS2_PARAMETER_NAMES[p]).join(', ');
      out.push({ type: 'VITALS', severity: 'HIGH', message: `NEWS2 ${news2.score} with a score of 3 in ${names}: urgent review.` });
    }
  }
  return out;
}

/** The priority an alert gets when none is given: 1 for CRITICAL to 4 for LOW (1 is the most urgent). */
export function defaultAlertPriority(severity: AlertSeverity): number {
  return ALERT_SEVERITIES.indexOf(severity) + 1;
}

/** Error code of a refused alert transition; the server maps `conflict/` codes to 409. */
export const ALERT_TRANSITION_REFUSED = 'conflict/alert-transition';

/** Which statuses each action accepts and where it leads. */
export const ALERT_TRANSITIONS = {
  acknowledge: { from: ['ACTIVE'], to: 'ACKNOWLEDGED' },
  resolve: { from: ['ACTIVE', 'ACKNOWLEDGED'], to: 'RESOLVED' },
} as const satisfies Record<AlertAction, { from: readonly AlertStatus[]; to: AlertStatus }>;

/** The outcome of asking for an alert transition. */
export type AlertTransition =
  { ok: true; from: AlertStatus; to: AlertStatus } | { ok: false; code: typeof ALERT_TRANSITION_REFUSED; message: string };

/** ACTIVE -> ACKNOWLEDGED -> RESOLVED (or ACTIVE -> RESOLVED); anything else is refused with a reason. */
export function alertTransition(from: AlertStatus, action: AlertAction): AlertTransition {
  const rule = ALERT_TRANSITIONS[action];
  if (!(rule.from as readonly AlertStatus[]).includes(from)) {
    return {
      ok: false,
      code: ALERT_TRANSITION_REFUSED,
      message: `Cannot ${action} an alert that is ${from}; allowed only while it is ${rule.from.join(' or ')}.`,
    };
  }
  return { ok: true, from, to: rule.to };
}

/** Patients of an event per colour. */
export type TriageCounts = Record<TriageColor, number>;

/** How many tagged patients carry each colour. */
export function triageCounts(colors: readonly TriageColor[]): TriageCounts {
  const counts: TriageCounts = { RED: 0, YELLOW: 0, GREEN: 0, BLACK: 0 };
  for (const c of colors) counts[c] += 1;
  return counts;
}

/** The event's single triage status: the most urgent colour present; null before anyone is tagged. */
export function triageStatus(counts: TriageCounts): TriageColor | null {
  return TRIAGE_COLORS.find((c) => counts[c] > 0) ?? null;
}

/** The median of numbers; null for none. Even counts average the two middle values. */
export function erMedian(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The mean of numbers; null for none. */
export function erMean(values: readonly number[]): number | null {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
}

/** Rounds to `decimals` places (half away from zero for positives); null stays null. */
export function erRound(value: number | null, decimals = 1): number | null {
  if (value === null) return null;
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/** `part` of `whole` as a percent with one decimal; null when `whole` is 0 or unknown. */
export function erPercent(part: number, whole: number | null): number | null {
  return whole ? erRound((part / whole) * 100, 1) : null;
}

type Instant = Date | string | number;
const ms = (t: Instant) => (t instanceof Date ? t.getTime() : new Date(t).getTime());
const minutesBetween = (from: Instant, to: Instant) => Math.max(0, Math.floor((ms(to) - ms(from)) / 60_000));

/** Queue statuses in which a patient left the department after care (discharged or admitted). */
const LEFT_AFTER_CARE = new Set(['completed', 'admitted', 'emergency-admitted']);

/** A queue entry as the metrics read it. */
export interface MetricsEntry {
  status: string;
  createdAt: Instant;
  startedAt?: Instant | null;
  endedAt?: Instant | null;
  riskScore: number;
}

/** What the day's metrics are computed from (the server reads it; this only counts). */
export interface ErMetricsInput {
  /** Start of the clinic-local day. */
  dayStart: Instant;
  now: Instant;
  /** Entries checked in, started or ended today, and every entry still open. */
  entries: readonly MetricsEntry[];
  /** The clinic's emergency bed count; null when not configured. */
  bedCount: number | null;
  /** Doctors giving care now (an in-progress entry they started). */
  doctorsGivingCare: number;
  /** Doctors active today (signed in today or gave care today, including those giving care now). */
  doctorsActiveToday: number;
  /** Ratings (1..5) captured when care completed today. */
  satisfactionRatings: readonly number[];
  /** Today's emergency visits, and how many came within 30 days of a previous discharge. */
  emergencyVisits: number;
  readmissions: number;
  /** Deaths among today's visits, when the visit records say; null when they do not record outcomes. */
  deaths: number | null;
}

/** The spec's Metrics plus the two figures an emergency department is measured on. */
export interface ErMetrics {
  totalPatients: number;
  criticalPatients: number;
  /** Whole minutes, check-in to start of care, of the entries started today; null when none. */
  averageWaitTime: number | null;
  /** Whole minutes, start to end of care, of the entries whose care ended today; null when none. */
  averageTreatmentTime: number | null;
  /** Percent of the emergency beds taken by patients in care; null without a bed count. */
  bedOccupancy: number | null;
  /** Percent of today's active doctors giving care now; null when none was active. */
  staffUtilization: number | null;
  /** Mean rating out of 5, one decimal; null ("No data") when none. */
  patientSatisfaction: number | null;
  /** Percent; null when the records hold no outcome. */
  mortalityRate: number | null;
  /** Percent of today's emergency visits within 30 days of a previous discharge; null when none. */
  readmissionRate: number | null;
  /** Patients who left after care today, per hour elapsed today (at least one hour). */
  throughput: number;
  /** Median minutes from check-in to start of care, of the entries started today; null when none. */
  doorToProviderMinutes: number | null;
  /** Entries cancelled from waiting today (never seen). */
  leftWithoutBeingSeen: number;
}

/** The day's metrics; every figure is defined on {@link ErMetrics}. */
export function computeErMetrics(input: ErMetricsInput): ErMetrics {
  const since = ms(input.dayStart);
  const today = (t: Instant | null | undefined) => t !== null && t !== undefined && ms(t) >= since;
  const arrived = input.entries.filter((e) => today(e.createdAt));
  const started = input.entries.filter((e) => e.startedAt && today(e.startedAt));
  const waits = started.map((e) => minutesBetween(e.createdAt, e.startedAt!));
  const treated = input.entries.filter((e) => e.startedAt && e.endedAt && today(e.endedAt));
  const left = input.entries.filter((e) => LEFT_AFTER_CARE.has(e.status) && today(e.endedAt));
  const inCare = input.entries.filter((e) => e.status === 'in-progress').length;
  const hours = Math.max(1, (ms(input.now) - since) / 3_600_000);
  const meanMinutes = erMean(waits);
  const meanTreatment = erMean(treated.map((e) => minutesBetween(e.startedAt!, e.endedAt!)));
  return {
    totalPatients: arrived.length,
    criticalPatients: arrived.filter((e) => erRiskLevel(e.riskScore) === 'CRITICAL').length,
    averageWaitTime: meanMinutes === null ? null : Math.round(meanMinutes),
    averageTreatmentTime: meanTreatment === null ? null : Math.round(meanTreatment),
    bedOccupancy: erPercent(inCare, input.bedCount),
    staffUtilization: erPercent(input.doctorsGivingCare, input.doctorsActiveToday),
    patientSatisfaction: erRound(erMean(input.satisfactionRatings), 1),
    mortalityRate: input.deaths === null ? null : erPercent(input.deaths, input.emergencyVisits),
    readmissionRate: erPercent(input.readmissions, input.emergencyVisits),
    throughput: erRound(left.length / hours, 1)!,
    doorToProviderMinutes: erMedian(waits),
    leftWithoutBeingSeen: input.entries.filter((e) => e.status === 'cancelled' && !e.startedAt && today(e.endedAt)).length,
  };
}

/** Days after a discharge within which a new emergency visit counts as a readmission. */
export const READMISSION_WINDOW_DAYS = 30;

/**
 * True when an emergency visit at `visitedAt` comes within 30 days after one of the patient's
 * previous discharges (completed visits strictly before it).
 */
export function isReadmission(visitedAt: Instant, previousDischarges: readonly Instant[]): boolean {
  const at = ms(visitedAt);
  const from = at - READMISSION_WINDOW_DAYS * 86_400_000;
  return previousDischarges.some((d) => ms(d) < at && ms(d) >= from);
}

/**
 * The protocol an alert links to: the first (in the order given) with a keyword contained, ignoring
 * case, in any of the texts (the alert's message, the patient's complaint and symptoms); null when
 * none matches.
 */
export function matchProtocol<P extends { keywords: readonly string[] }>(
  texts: ReadonlyArray<string | null | undefined>,
  protocols: readonly P[],
): P | null {
  const haystack = texts
    .filter((t): t is string => !!t)
    .join(' \n ')
    .toLowerCase();
  if (!haystack) return null;
  return protocols.find((p) => p.keywords.some((k) => k.trim() && haystack.includes(k.trim().toLowerCase()))) ?? null;
}

/** Where a queue entry's patient is: the waiting room until care starts, then the department's treatment area. */
export function entryLocation(status: string, department: string): string {
  if (status === 'waiting') return 'Waiting room';
  const name = department.charAt(0).toUpperCase() + department.slice(1);
  return status === 'in-progress' ? `${name} treatment area` : name;
}
