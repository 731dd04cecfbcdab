import {
  ASSESSMENT_BANDS,
  URGENCY_THRESHOLDS,
  ANALYTICS_DAY_BREAKDOWNS,
  addDays,
  emptyAnalyticsDay,
  localDayEnd,
  localDayStart,
  planDays,
  type AnalyticsDay,
  type AnalyticsDayBreakdown,
  type TimeWindow,
  type UrgencyLevel,
} from '@clinic/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { TenantTx } from '../../platform/route/index.js';
import { doctorUserIds } from '../members/index.js';
import type { QueueScope } from './queue.service.js';

/**
 * The queue's figures for analytics: a clinic's entries added up by local day of
 * check-in (`AnalyticsDay`, `rules/analytics-days.ts`), whole days that ended more than a day ago
 * kept in the daily rollup (`analytics_days`, migration 0020), the rest of a window added up from
 * the entries in one scan of `queue_entries_created_idx` (organization, clinic, check-in time). The
 * queue owns the rollup (declared with its tables in `db/schema/queue.ts`, kept current by a trigger
 * on `queue_entries`), so the queries live here; the analytics module turns the days into figures
 * and reports. A visit is an entry checked in during the window, cancelled ones (people who left
 * before care) aside.
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

/** Entries of the scope checked in during any of the windows (each `[from, to)`). */
function inWindows(scope: QueueScope, windows: readonly TimeWindow[]): SQL {
  const ranges = windows.map((w) => sql`(q.created_at >= ${w.from.toISOString()} and q.created_at < ${w.to.toISOString()})`);
  return sql`q.organization_id = ${scope.organizationId} ${scope.clinicId ? sql`and q.clinic_id = ${scope.clinicId}` : sql``} and (${sql.join(ranges, sql` or `)})`;
}

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

async function rows<T>(tx: TenantTx, query: SQL): Promise<T[]> {
  const result = await tx.execute(query);
  return result.rows as T[];
}

/** The groupings of one scan, told apart by `grouping(...)` of the columns after the day. */
const SETS = {
  day: 0b1111111,
  levelWait: 0b0011111,
  hour: 0b1101111,
  complaint: 0b1110111,
  visitType: 0b1111011,
  rating: 0b1111101,
  starter: 0b1111110,
} as const;

/**
 * The entries of the windows added up by local day of check-in: one scan, grouped by the day and
 * by every breakdown the reports need (grouping sets). Windows must not share a local day unless
 * its parts are meant to be added up together.
 */
async function addUpDays(tx: TenantTx, scope: QueueScope, windows: readonly TimeWindow[], timeZone: string): Promise<Map<string, AnalyticsDay>> {
  const days = new Map<string, AnalyticsDay>();
  if (windows.length === 0) return days;
  const result = await rows<Record<string, unknown>>(
    tx,
    sql`select e.day, e.level, e.wait, e.hour, e.complaint, e.final_priority, e.rating, e.started_by, e.start_day,
      grouping(e.level, e.wait, e.hour, e.complaint, e.final_priority, e.rating, e.starter) as set,
      count(*) as n,
      count(*) filter (where e.visit) as visits,
      count(*) filter (where e.status = 'completed') as completed,
      count(*) filter (where e.status in ('admitted', 'emergency-admitted')) as admitted,
      count(*) filter (where e.status = 'cancelled') as cancelled,
      coalesce(sum(e.rating), 0) as rating_sum,
      count(e.rating) as ratings,
      count(*) filter (where e.status = 'completed' and e.ai_urgency is not null and e.final_priority is not null) as compared,
      count(*) filter (where e.status = 'completed' and e.ai_urgency = e.final_priority) as matched,
      count(*) filter (where e.wait is not null) as started,
      count(*) filter (where e.wait is not null and (e.target is null or e.wait <= e.target)) as within_target,
      coalesce(sum(e.care) filter (where e.status = 'completed' and e.wait is not null), 0) as care_minutes,
      coalesce(sum(e.care), 0) as care_all,
      sum(e.fee_cents) filter (where e.status = 'completed') as fee_cents
    from (select
        to_char((q.created_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as day,
        ${URGENCY} as level,
        case when q.started_at is not null then ${WAIT} end as wait,
        extract(hour from q.created_at at time zone ${timeZone})::int as hour,
        case when ${VISIT} then ${COMPLAINT} end as complaint,
        case when q.status = 'completed' then q.final_priority end as final_priority,
        q.rating, q.status, q.ai_urgency, q.fee_cents, ${VISIT} as visit, ${TARGET} as target, ${CARE} as care,
        case when q.started_at is not null then q.started_by end as started_by,
        case when q.started_at is not null then to_char((q.started_at at time zone ${timeZone})::date, 'YYYY-MM-DD') end as start_day,
        case when q.started_at is not null then q.started_by || '|' || to_char((q.started_at at time zone ${timeZone})::date, 'YYYY-MM-DD') end as starter
      from queue_entries q where ${inWindows(scope, windows)}) e
    group by grouping sets ((e.day), (e.day, e.level, e.wait), (e.day, e.hour), (e.day, e.complaint), (e.day, e.final_priority),
      (e.day, e.rating), (e.day, e.starter, e.started_by, e.start_day))`,
  );
  for (const r of result) {
    const day = String(r.day);
    let d = days.get(day);
    if (!d) days.set(day, (d = emptyAnalyticsDay(day)));
    const set = Number(r.set);
    if (set === SETS.day) {
      d.visits = num(r.visits);
      d.completed = num(r.completed);
      d.admitted = num(r.admitted);
      d.cancelled = num(r.cancelled);
      d.ratingSum = num(r.rating_sum);
      d.ratings = num(r.ratings);
      d.prioritiesCompared = num(r.compared);
      d.prioritiesMatched = num(r.matched);
      d.started = num(r.started);
      d.startedWithinTarget = num(r.within_target);
      d.careMinutes = num(r.care_minutes);
      d.feeCents = r.fee_cents === null || r.fee_cents === undefined ? null : Number(r.fee_cents);
    } else if (set === SETS.levelWait) {
      if (r.wait !== null) d.waits[String(r.wait)] = (d.waits[String(r.wait)] ?? 0) + num(r.started);
      if (r.level === null) continue;
      const level = (d.levels[r.level as UrgencyLevel] ??= { visits: 0, waits: {} });
      level.visits += num(r.visits);
      if (r.wait !== null) level.waits[String(r.wait)] = num(r.started);
    } else if (set === SETS.hour) {
      if (num(r.visits) > 0) d.hours[String(r.hour)] = num(r.visits);
    } else if (set === SETS.complaint) {
      if (r.complaint !== null) d.complaints[String(r.complaint)] = num(r.n);
    } else if (set === SETS.visitType) {
      if (r.final_priority !== null)
        d.visitTypes[r.final_priority as UrgencyLevel] = {
          visits: num(r.n),
          feeCents: r.fee_cents === null || r.fee_cents === undefined ? null : Number(r.fee_cents),
        };
    } else if (set === SETS.rating) {
      if (r.rating !== null) d.ratingCounts[String(r.rating)] = num(r.n);
    } else if (set === SETS.starter) {
      if (r.started_by === null || r.start_day === null) continue;
      const user = String(r.started_by);
      d.careByStarter[user] = (d.careByStarter[user] ?? 0) + num(r.care_all);
      d.starterDays.push(`${user}|${String(r.start_day)}`);
    }
  }
  return days;
}

/** The rollup's clinic key: the clinic, or '' for a report over every clinic of the organization. */
const clinicKey = (scope: QueueScope) => scope.clinicId ?? '';
/**
 * A clinic's visits of a window, by local day: whole days that ended before yesterday come from the
 * daily rollup (added up and kept the first time, and again after a late change to their visits),
 * the rest from the entries. Days without a visit are left out.
 */
export async function queueAnalyticsDays(
  tx: TenantTx,
  scope: QueueScope,
  window: TimeWindow,
  timeZone: string,
  options: { now?: Date; breakdowns?: readonly AnalyticsDayBreakdown[] } = {},
) {
  const plan = planDays(window, timeZone, options.now ?? new Date());
  // Kept days are read without the breakdowns the report does not use (less to send and parse).
  const unused = ANALYTICS_DAY_BREAKDOWNS.filter((b) => options.breakdowns && !options.breakdowns.includes(b));
  const org = scope.organizationId;
  const clinic = clinicKey(scope);
  const kept = new Map<string, AnalyticsDay>();
  const missing: Array<{ day: string; signature: number }> = [];
  if (plan.kept.length > 0) {
    const first = plan.kept[0];
    const last = plan.kept[plan.kept.length - 1];
    // The versions are read with (and so before) the kept rows, before the visits are added up: a
    // change committed in between makes a kept row look older than it is (added up again next
    // time), never newer.
    const [found] = await rows<{ versions: Array<[string, number]> | null; days: Array<[string, number, AnalyticsDay]> | null }>(
      tx,
      sql`select
        (select json_agg(json_build_array(to_char(v.day, 'YYYY-MM-DD'), v.version)) from analytics_day_versions v
          where v.organization_id = ${org} ${scope.clinicId ? sql`and v.clinic_id = ${scope.clinicId}` : sql``}
          and v.day between ${first}::date - 1 and ${last}::date + 1) as versions,
        (select json_agg(json_build_array(to_char(a.day, 'YYYY-MM-DD'), a.signature, a.figures - ${`{${unused.join(',')}}`}::text[])) from analytics_days a
          where a.organization_id = ${org} and a.clinic_id = ${clinic} and a.time_zone = ${timeZone}
          and a.day between ${first}::date and ${last}::date) as days`,
    );
    const versions = new Map<string, number>();
    for (const [day, version] of found.versions ?? []) versions.set(day, (versions.get(day) ?? 0) + Number(version));
    const stored = new Map((found.days ?? []).map(([day, signature, figures]) => [day, { signature: Number(signature), figures }]));
    for (const day of plan.kept) {
      // The versions of the UTC days a local day can touch: the day before to the day after.
      const signature = [-1, 0, 1].reduce((sum, n) => sum + (versions.get(addDays(day, n)) ?? 0), 0);
      const row = stored.get(day);
      if (row && row.signature === signature) kept.set(day, { ...emptyAnalyticsDay(day), ...row.figures });
      else missing.push({ day, signature });
    }
  }
  const missingWindows = missing.map(({ day }) => ({
    from: localDayStart(timeZone, day),
    to: localDayEnd(timeZone, day),
  }));
  const added = await addUpDays(tx, scope, [...plan.live, ...missingWindows], timeZone);
  if (missing.length > 0) {
    const values = missing.map(
      ({ day, signature }) =>
        sql`(${org}, ${clinic}, ${day}::date, ${timeZone}, ${signature}, ${JSON.stringify(added.get(day) ?? emptyAnalyticsDay(day))}::jsonb)`,
    );
    await tx.execute(sql`insert into analytics_days (organization_id, clinic_id, day, time_zone, signature, figures)
      values ${sql.join(values, sql`, `)}
      on conflict (organization_id, clinic_id, day, time_zone)
      do update set signature = excluded.signature, figures = excluded.figures, computed_at = now()`);
  }
  return [...kept.values(), ...added.values()].filter((d) => d.visits > 0 || d.cancelled > 0 || d.ratings > 0 || d.started > 0);
}

/** The members who are doctors now (their care counts towards utilization). */
export function queueDoctorIds(tx: TenantTx, scope: QueueScope): Promise<Set<string>> {
  return doctorUserIds(tx, scope.organizationId);
}

/**
 * Distinct patients of the window's visits, or of its completed ones (walk-ins without a directory
 * record count once per visit). Distinct counts do not add up by day, so they are counted here.
 */
export async function queueDistinctPatients(tx: TenantTx, scope: QueueScope, window: TimeWindow, which: 'visits' | 'completed' = 'visits') {
  const filter = which === 'completed' ? sql`q.status = 'completed'` : VISIT;
  const [r] = await rows<{ n: unknown }>(
    tx,
    sql`select count(*) as n from (select 1 from queue_entries q where ${inWindows(scope, [window])} and ${filter} group by coalesce(q.patient_id, q.id)) p`,
  );
  return num(r.n);
}
