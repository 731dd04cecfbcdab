import { ASSESSMENT_BANDS, URGENCY_THRESHOLDS, type PeriodSums, type TimeWindow, type UrgencyLevel } from '@clinic/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { TenantTx } from '../../platform/route.js';
import type { QueueScope } from './queue.service.js';

/**
 * The queue's figures for analytics (issue 11): sums and groupings of a clinic's entries checked
 * in during a window, each one scan of `queue_entries_created_idx` (organization, clinic,
 * check-in time). The queue owns the table, so the queries live here; the analytics module turns
 * them into figures and reports. A visit is an entry checked in during the window, cancelled ones
 * (people who left before care) aside.
 */

/** Whole minutes from check-in to start of care, as the queue's `waitMinutes` counts them. */
const WAIT = sql.raw(`floor(extract(epoch from (q.started_at - q.created_at)) / 60)`);
/** Minutes of care: start of care to its end. */
const CARE = sql.raw(`extract(epoch from (q.ended_at - q.started_at)) / 60`);
const VISIT = sql.raw(`q.status <> 'cancelled'`);
/** A chief complaint with its spaces tidied (ends trimmed, runs of spaces made one). */
const COMPLAINT = sql.raw(`regexp_replace(btrim(q.chief_complaint), '\\s+', ' ', 'g')`);

/** A `case` over the stored risk score, from the domain's thresholds (the rules stay the one source). */
function scoreCase(bands: ReadonlyArray<{ min: number; value: string | number | null }>): SQL {
  const whens = bands.map(
    (b) => `when q.risk_score >= ${Number(b.min)} then ${b.value === null ? 'null' : typeof b.value === 'number' ? b.value : `'${b.value}'`}`,
  );
  return sql.raw(`(case ${whens.join(' ')} end)`);
}

/**
 * The target wait of an entry: the one captured at Start Care, else (care started before the
 * capture existed) the band of its stored score.
 */
const TARGET = sql`(case when q.ai_urgency is not null then q.target_wait_minutes else ${scoreCase(
  ASSESSMENT_BANDS.map((b) => ({ min: b.min, value: b.targetMinutes })),
)} end)`;

/** The AI's urgency of an entry: captured at Start Care, else that of its stored score. */
export const URGENCY = sql`coalesce(q.ai_urgency, ${scoreCase(URGENCY_THRESHOLDS.map((t) => ({ min: t.min, value: t.level })))})`;

/** Entries of the scope checked in during `[from, to)`. */
function inWindow(scope: QueueScope, w: TimeWindow): SQL {
  return sql`q.organization_id = ${scope.organizationId} ${scope.clinicId ? sql`and q.clinic_id = ${scope.clinicId}` : sql``} and q.created_at >= ${w.from.toISOString()} and q.created_at < ${w.to.toISOString()}`;
}

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

async function rows<T>(tx: TenantTx, query: SQL): Promise<T[]> {
  const result = await tx.execute(query);
  return result.rows as T[];
}

/** The sums every figure of a period is computed from (`rules/analytics.ts`, `figuresOf`). */
export async function queuePeriodSums(tx: TenantTx, scope: QueueScope, window: TimeWindow, timeZone: string): Promise<PeriodSums> {
  const [r] = await rows<Record<string, unknown>>(
    tx,
    sql`select
      count(*) filter (where ${VISIT}) as visits,
      coalesce(sum(q.rating), 0) as rating_sum,
      count(q.rating) as ratings,
      count(*) filter (where q.status = 'completed' and q.ai_urgency is not null and q.final_priority is not null) as compared,
      count(*) filter (where q.status = 'completed' and q.ai_urgency = q.final_priority) as matched,
      count(*) filter (where q.started_at is not null) as started,
      count(*) filter (where q.started_at is not null and (${TARGET} is null or ${WAIT} <= ${TARGET})) as within_target,
      count(*) filter (where q.status = 'completed' and q.started_at is not null) as completed,
      coalesce(sum(${CARE}) filter (where q.status = 'completed' and q.started_at is not null), 0) as care_minutes,
      sum(q.fee_cents) filter (where q.status = 'completed') as fee_cents,
      coalesce(sum(${CARE}) filter (where d.id is not null and q.ended_at is not null), 0) as doctor_care_minutes
    from queue_entries q
    left join organization_members d on d.organization_id = q.organization_id and d.user_id = q.started_by and d.role = 'Doctor'
    where ${inWindow(scope, window)}`,
  );
  // The two distinct counts as grouped subqueries (hashed), not count(distinct ...) (sorted, and
  // spilling to disk at a quarter of a busy clinic: three times the cost of the sums above).
  const [d] = await rows<Record<string, unknown>>(
    tx,
    sql`select
      (select count(*) from (select 1 from queue_entries q where ${inWindow(scope, window)} and q.status = 'completed'
        group by coalesce(q.patient_id, q.id)) p) as patients_completed,
      (select count(*) from (select 1 from queue_entries q
        join organization_members d on d.organization_id = q.organization_id and d.user_id = q.started_by and d.role = 'Doctor'
        where ${inWindow(scope, window)} and q.started_at is not null
        group by q.started_by, (q.started_at at time zone ${timeZone})::date) s) as doctor_days`,
  );
  return {
    visits: num(r.visits),
    ratingSum: num(r.rating_sum),
    ratings: num(r.ratings),
    prioritiesCompared: num(r.compared),
    prioritiesMatched: num(r.matched),
    started: num(r.started),
    startedWithinTarget: num(r.within_target),
    completed: num(r.completed),
    careMinutes: num(r.care_minutes),
    feeCents: r.fee_cents === null || r.fee_cents === undefined ? null : Number(r.fee_cents),
    patientsCompleted: num(d.patients_completed),
    doctorCareMinutes: num(r.doctor_care_minutes),
    doctorDays: num(d.doctor_days),
  };
}

/** A median of whole minutes, or null. */
const median = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v)));

/** The window's totals: visits, outcomes and the median wait. */
export async function queueRangeTotals(tx: TenantTx, scope: QueueScope, window: TimeWindow) {
  const [r] = await rows<Record<string, unknown>>(
    tx,
    sql`select
      count(*) filter (where ${VISIT}) as visits,
      count(*) filter (where q.status = 'completed') as completed,
      count(*) filter (where q.status in ('admitted', 'emergency-admitted')) as admitted,
      count(*) filter (where q.status = 'cancelled') as cancelled,
      percentile_cont(0.5) within group (order by ${WAIT}) filter (where q.started_at is not null) as median_wait
    from queue_entries q where ${inWindow(scope, window)}`,
  );
  return {
    visits: num(r.visits),
    completed: num(r.completed),
    admitted: num(r.admitted),
    cancelled: num(r.cancelled),
    medianWaitMinutes: median(r.median_wait),
  };
}

/** Visits and completions of each local day of the window that has any. */
export async function queueVisitsPerDay(tx: TenantTx, scope: QueueScope, window: TimeWindow, timeZone: string) {
  const result = await rows<{ day: string; visits: unknown; completed: unknown }>(
    tx,
    sql`select to_char((q.created_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as day,
      count(*) filter (where ${VISIT}) as visits,
      count(*) filter (where q.status = 'completed') as completed
    from queue_entries q where ${inWindow(scope, window)} group by 1`,
  );
  return result.map((r) => ({ date: r.day, visits: num(r.visits), completed: num(r.completed) }));
}

/** Visits and the median wait of each urgency level that has any, and the AI's agreement with clinicians. */
export async function queueUrgencyFigures(tx: TenantTx, scope: QueueScope, window: TimeWindow) {
  const byLevel = await rows<{ level: UrgencyLevel; visits: unknown; median_wait: unknown }>(
    tx,
    sql`select ${URGENCY} as level,
      count(*) filter (where ${VISIT}) as visits,
      percentile_cont(0.5) within group (order by ${WAIT}) filter (where q.started_at is not null) as median_wait
    from queue_entries q where ${inWindow(scope, window)} group by 1`,
  );
  const [agreement] = await rows<Record<string, unknown>>(
    tx,
    sql`select
      count(*) filter (where q.ai_urgency is not null and q.final_priority is not null) as compared,
      count(*) filter (where q.ai_urgency = q.final_priority) as matched
    from queue_entries q where ${inWindow(scope, window)} and q.status = 'completed'`,
  );
  return {
    byLevel: byLevel.map((r) => ({ level: r.level, visits: num(r.visits), medianWaitMinutes: median(r.median_wait) })),
    aiAgreement: { compared: num(agreement.compared), matched: num(agreement.matched) },
  };
}

/** Check-ins by local weekday and hour (cells with visits only). */
export async function queueBusiestHours(tx: TenantTx, scope: QueueScope, window: TimeWindow, timeZone: string) {
  const result = await rows<{ weekday: unknown; hour: unknown; visits: unknown }>(
    tx,
    sql`select extract(dow from q.created_at at time zone ${timeZone}) as weekday,
      extract(hour from q.created_at at time zone ${timeZone}) as hour,
      count(*) as visits
    from queue_entries q where ${inWindow(scope, window)} and ${VISIT} group by 1, 2`,
  );
  return result.map((r) => ({ weekday: num(r.weekday), hour: num(r.hour), visits: num(r.visits) }));
}

/** The most frequent chief complaints (case and spacing ignored), each shown as most often written. */
export async function queueTopComplaints(tx: TenantTx, scope: QueueScope, window: TimeWindow, limit: number) {
  const result = await rows<{ complaint: string; visits: unknown }>(
    tx,
    sql`select mode() within group (order by ${COMPLAINT}) as complaint, count(*) as visits
    from queue_entries q where ${inWindow(scope, window)} and ${VISIT}
    group by lower(${COMPLAINT})
    order by visits desc, complaint asc limit ${limit}`,
  );
  return result.map((r) => ({ complaint: r.complaint, visits: num(r.visits) }));
}

/** Distinct patients of the window's visits (walk-ins without a directory record count once per visit). */
export async function queueDistinctPatients(tx: TenantTx, scope: QueueScope, window: TimeWindow) {
  const [r] = await rows<{ n: unknown }>(
    tx,
    sql`select count(*) as n from (select 1 from queue_entries q where ${inWindow(scope, window)} and ${VISIT} group by coalesce(q.patient_id, q.id)) p`,
  );
  return num(r.n);
}

/** Completed visits by type (final priority) with their fees, and the ratings given. */
export async function queueVisitTypesAndRatings(tx: TenantTx, scope: QueueScope, window: TimeWindow) {
  const types = await rows<{ visit_type: UrgencyLevel; visits: unknown; fee_cents: unknown }>(
    tx,
    sql`select q.final_priority as visit_type, count(*) as visits, sum(q.fee_cents) as fee_cents
    from queue_entries q where ${inWindow(scope, window)} and q.status = 'completed' and q.final_priority is not null group by 1`,
  );
  const ratings = await rows<{ rating: unknown; n: unknown }>(
    tx,
    sql`select q.rating, count(*) as n from queue_entries q where ${inWindow(scope, window)} and q.rating is not null group by 1`,
  );
  return {
    visitTypes: types.map((r) => ({
      visitType: r.visit_type,
      visits: num(r.visits),
      feeCents: r.fee_cents === null || r.fee_cents === undefined ? null : Number(r.fee_cents),
    })),
    ratings: ratings.map((r) => ({ rating: num(r.rating), count: num(r.n) })),
  };
}
