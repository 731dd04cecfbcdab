import { ASSESSMENT_BANDS } from '@clinic/domain';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, real, smallint, text, unique } from 'drizzle-orm/pg-core';
import { clinics } from './organizations.js';
import { createdAt, organizationId, tenantForeignKey, tenantPrimaryKey, tenantRecord, textList, timestamptz, updatedAt } from './tenant-columns.js';

/** The band target (minutes) of the row's stored score, as `assessmentBand` picks it; NULL: no target. */
const bandTarget = [
  'case',
  ...ASSESSMENT_BANDS.slice(0, -1).map((b) => `when risk_score >= ${b.min} then ${minutes(b.targetMinutes)}`),
  `else ${minutes(ASSESSMENT_BANDS[ASSESSMENT_BANDS.length - 1].targetMinutes)} end`,
].join(' ');
function minutes(target: number | null) {
  return target === null ? 'null::int' : String(Math.trunc(target));
}
/**
 * The domain's `startedWithinTarget` of a started entry, kept by PostgreSQL: its wait in whole
 * minutes, floored (each time cut to the millisecond, as the app reads times), at most its band's
 * target, i.e. shorter than the target plus one minute; no target is within. NULL until care starts.
 */
const startedWithinTarget = sql.raw(
  `case when started_at is null then null else coalesce(` +
    `date_trunc('milliseconds', started_at at time zone 'UTC') - date_trunc('milliseconds', created_at at time zone 'UTC')` +
    ` < (${bandTarget} + 1) * interval '1 minute', true) end`,
);

/**
 * The clinic's queue: one row per case checked in (kiosk, intake or staff). The patient's answers
 * at check-in are kept on the entry as given; the patient directory row it links to may be more
 * complete. Scores are stored when the entry or its vitals change so lists and stats can sort and
 * count by them; time-dependent figures (wait, clinical priority) are derived at read time.
 */
export const queueEntries = pgTable(
  'queue_entries',
  {
    ...tenantRecord(),
    clinicId: text('clinic_id').notNull(),
    queueDate: date('queue_date', { mode: 'string' }).notNull(),
    queueNumber: integer('queue_number').notNull(),
    patientId: text('patient_id'),
    source: text('source').notNull(),
    department: text('department').notNull().default('general'),
    status: text('status').notNull().default('waiting'),
    /** Priority requested at check-in (the kiosk's "routine"); the shown urgency is derived from risk. */
    requestedPriority: text('requested_priority').notNull().default('routine'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    age: integer('age'),
    gender: text('gender'),
    phone: text('phone'),
    email: text('email'),
    emergencyContact: text('emergency_contact'),
    emergencyPhone: text('emergency_phone'),
    chiefComplaint: text('chief_complaint').notNull(),
    symptoms: textList('symptoms'),
    medicalHistory: textList('medical_history'),
    allergies: textList('allergies'),
    currentMedications: textList('current_medications'),
    painLevel: integer('pain_level'),
    vitalSigns: jsonb('vital_signs'),
    vitalsRecordedAt: timestamptz('vitals_recorded_at'),
    supplementalOxygen: boolean('supplemental_oxygen').notNull().default(false),
    riskScore: integer('risk_score').notNull().default(0),
    news2Score: integer('news2_score'),
    aiConfidence: real('ai_confidence').notNull().default(0.85),
    estimatedTime: integer('estimated_time').notNull().default(30),
    assignedTo: text('assigned_to'),
    assignedAt: timestamptz('assigned_at'),
    startedAt: timestamptz('started_at'),
    startedBy: text('started_by'),
    endedAt: timestamptz('ended_at'),
    /** Whether care started within the target of the band of the stored score ({@link startedWithinTarget}). */
    startedWithinTarget: boolean('started_within_target').generatedAlwaysAs(startedWithinTarget),
    /** The AI's urgency when care started, and the target wait (minutes) of its band then (null: no target). */
    aiUrgency: text('ai_urgency'),
    targetWaitMinutes: integer('target_wait_minutes'),
    /** The clinician's final priority, set at Start Care or completion; also the visit's type for fees. */
    finalPriority: text('final_priority'),
    /** The patient's rating (1 to 5) captured when care completed. */
    rating: smallint('rating'),
    /** The fee of the visit's type when care completed, in cents of the organization's currency (null: no fee set). */
    feeCents: integer('fee_cents'),
    createdBy: text('created_by'),
    /** A kiosk check-in's duration, Start Check-In to arrival (`rules/kiosk-figures.ts`); null when not measured. */
    checkInSeconds: integer('check_in_seconds'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t, t.clinicId, clinics),
    unique('queue_entries_number_unique').on(t.organizationId, t.clinicId, t.queueDate, t.queueNumber),
    index('queue_entries_status_idx').on(t.organizationId, t.clinicId, t.status, t.createdAt),
    index('queue_entries_patient_idx').on(t.organizationId, t.patientId),
    // The entries whose care started in the last day: the stats' guideline compliance counts the
    // closed ones and the dashboard averages their wait from the index alone (status, within target,
    // check-in).
    index('queue_entries_started_idx').on(t.organizationId, t.clinicId, t.startedAt, t.status, t.startedWithinTarget, t.createdAt),
    // The dashboards' "completed today" and the emergency metrics' entries ended since the clinic's
    // midnight: without it both read the clinic's whole history of completed entries on every poll.
    index('queue_entries_ended_idx').on(t.organizationId, t.clinicId, t.endedAt),
    // Analytics read a clinic's entries by check-in time over weeks to a year; status, patient and
    // id let the distinct-patient counts of a year run from the index alone.
    index('queue_entries_created_idx').on(t.organizationId, t.clinicId, t.createdAt, t.status, t.patientId, t.id),
    check('queue_entries_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

/** Every status change of a queue entry: who, when, from, to. Append-only. */
export const queueTransitions = pgTable(
  'queue_transitions',
  {
    ...tenantRecord(),
    entryId: text('entry_id').notNull(),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actorUserId: text('actor_user_id'),
    details: jsonb('details'),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t, t.entryId, queueEntries),
    index('queue_transitions_entry_idx').on(t.organizationId, t.entryId, t.at),
  ],
);

/** The last queue number given per clinic and day; incremented atomically. */
export const queueCounters = pgTable(
  'queue_counters',
  {
    organizationId: organizationId(),
    clinicId: text('clinic_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.clinicId, t.day] })],
);

/**
 * The daily rollup of the analytics: one row per clinic and local day (in the time zone
 * it was added up in) holding every sum, count and histogram the reports read, so a year-long
 * report reads at most 366 rows instead of every visit of the year. Only days that ended more than
 * a day ago are kept (today and yesterday are always added up from the visits).
 *
 * A row is valid while its `signature` equals the sum of the versions of the UTC days its local day
 * can touch (`analytics_day_versions`, the day before to the day after): a write to a visit checked
 * in more than 24 hours ago bumps its UTC day's version (a trigger on `queue_entries`, migration
 * 0020), so a report made before the write is never taken for one made after it.
 */
export const analyticsDays = pgTable(
  'analytics_days',
  {
    organizationId: organizationId(),
    clinicId: text('clinic_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    timeZone: text('time_zone').notNull(),
    signature: bigint('signature', { mode: 'number' }).notNull(),
    /** The day's figures (`AnalyticsDay` of `rules/analytics-days.ts`). */
    figures: jsonb('figures').notNull(),
    computedAt: timestamptz('computed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.clinicId, t.day, t.timeZone] })],
);

/** How often the visits checked in on a UTC day changed after that day (see `analyticsDays`). */
export const analyticsDayVersions = pgTable(
  'analytics_day_versions',
  {
    organizationId: organizationId(),
    clinicId: text('clinic_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.clinicId, t.day] })],
);

export type QueueEntryRow = typeof queueEntries.$inferSelect;
