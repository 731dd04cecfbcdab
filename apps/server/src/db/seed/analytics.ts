import {
  addDays,
  URGENCY_LEVELS,
  ageInYears,
  deriveQueuePatient,
  localDate,
  localTimeToInstant,
  targetWaitMinutes,
  type QueueStatus,
  type UrgencyLevel,
} from '@clinic/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../client.js';
import type { NewPatientRow } from '../schema/index.js';

/**
 * The demo clinic's past 90 days: completed visits with waits, care times, ratings,
 * final priorities and fees, so every analytics figure and chart has data on a fresh `npm start`.
 * Each day before today gets a day's check-ins, busier on Mondays and around mid-morning and early
 * evening; scores come from the queue's rules, waits follow the urgency, the doctor sees the more
 * urgent and the nurse the routine cases. Times are relative to the moment of seeding; a seeded
 * pseudo-random sequence keeps the history the same from one fresh start to the next.
 */

/** Days of history before today. */
export const HISTORY_DAYS = 90;

/** What a visit of the history presents with (the risk rules score it). */
const PRESENTATIONS: ReadonlyArray<{ complaint: string; symptoms: string[]; history?: string[]; weight: number }> = [
  { complaint: 'Sore throat', symptoms: ['sore throat'], weight: 9 },
  { complaint: 'Cough and cold symptoms', symptoms: ['cough'], weight: 9 },
  { complaint: 'Headache', symptoms: ['headache'], weight: 7 },
  { complaint: 'Back pain', symptoms: ['back pain'], weight: 6 },
  { complaint: 'Ear pain', symptoms: ['ear pain'], weight: 5 },
  { complaint: 'Rash', symptoms: ['rash'], weight: 5 },
  { complaint: 'Sprained ankle', symptoms: ['ankle pain'], weight: 5 },
  { complaint: 'Urinary symptoms', symptoms: ['painful urination'], weight: 4 },
  { complaint: 'Fever', symptoms: ['fever'], weight: 5 },
  { complaint: 'Abdominal pain', symptoms: ['abdominal pain', 'nausea'], weight: 5 },
  { complaint: 'Dizziness', symptoms: ['dizziness'], history: ['Hypertension'], weight: 3 },
  { complaint: 'Shortness of breath', symptoms: ['shortness of breath'], history: ['Asthma'], weight: 3 },
  { complaint: 'Chest pain', symptoms: ['chest pain'], history: ['Hypertension'], weight: 3 },
  { complaint: 'Laceration', symptoms: ['laceration'], weight: 4 },
  { complaint: 'Blood pressure check', symptoms: [], weight: 3 },
  { complaint: 'Difficulty breathing', symptoms: ['difficulty breathing', 'chest pain'], history: ['COPD'], weight: 1 },
];
const TOTAL_WEIGHT = PRESENTATIONS.reduce((s, p) => s + p.weight, 0);

/** Relative check-ins by hour of the day (8:00 to 20:00): a mid-morning peak and an early-evening one. */
const HOURS: ReadonlyArray<[hour: number, weight: number]> = [
  [8, 5],
  [9, 9],
  [10, 11],
  [11, 9],
  [12, 6],
  [13, 6],
  [14, 6],
  [15, 6],
  [16, 7],
  [17, 9],
  [18, 8],
  [19, 4],
];
const HOURS_WEIGHT = HOURS.reduce((s, [, w]) => s + w, 0);

/** Check-ins on a day by weekday (Sunday first). */
const VISITS_BY_WEEKDAY = [7, 18, 14, 13, 13, 15, 9];

/** Minutes of a typical wait by urgency (before jitter), most urgent first. */
const TYPICAL_WAIT: Record<UrgencyLevel, number> = { emergency: 2, urgent: 10, high: 22, medium: 40, low: 55 };
/** Minutes of care by urgency. */
const TYPICAL_CARE: Record<UrgencyLevel, number> = { emergency: 75, urgent: 55, high: 40, medium: 25, low: 18 };

/** The demo organization's fee of each visit type (final priority), in its currency. */
export const DEMO_VISIT_FEES: Record<UrgencyLevel, number> = { emergency: 520, urgent: 340, high: 220, medium: 145, low: 95 };

const MINUTE = 60_000;

/** A small deterministic generator (mulberry32), so a fresh start always shows the same history. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(items: ReadonlyArray<T>, weightOf: (t: T) => number, total: number, r: number): T {
  let x = r * total;
  for (const item of items) {
    x -= weightOf(item);
    if (x < 0) return item;
  }
  return items[items.length - 1];
}

/** A level one step more or less urgent (the clinician's disagreement with the AI). */
function neighbour(level: UrgencyLevel, up: boolean): UrgencyLevel {
  const i = URGENCY_LEVELS.indexOf(level) + (up ? -1 : 1);
  return URGENCY_LEVELS[Math.min(URGENCY_LEVELS.length - 1, Math.max(0, i))];
}

/** One visit of the history, as the set-based insert reads it (snake_case: the columns it fills). */
interface HistoryRow {
  id: string;
  queue_date: string;
  queue_number: number;
  patient_id: string | null;
  source: 'kiosk' | 'staff';
  status: QueueStatus;
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
  age: number;
  gender: string | null;
  chief_complaint: string;
  symptoms: string[];
  medical_history: string[];
  risk_score: number;
  started_at: string | null;
  started_by: string | null;
  ended_at: string;
  ai_urgency: UrgencyLevel | null;
  target_wait_minutes: number | null;
  final_priority: UrgencyLevel | null;
  rating: number | null;
  fee_cents: number | null;
  created_at: string;
}

/** The rows of the history, oldest day first. */
function historyRows(timeZone: string, staff: { doctor: string; nurse: string }, directory: readonly NewPatientRow[], now: Date): HistoryRow[] {
  const rnd = random(20261123);
  const out: HistoryRow[] = [];
  // The rules score a presentation and an age the same way every time: once each.
  const scored = new Map<string, { urgencyLevel: UrgencyLevel; riskScore: number }>();
  for (let daysAgo = HISTORY_DAYS; daysAgo >= 1; daysAgo--) {
    // Calendar days back from today: 24-hour steps would name one day twice in the last hour of a
    // day after a clock change (23:30 PST minus 23 days is still 1 November at 23:30 PDT's day).
    const day = addDays(localDate(timeZone, now), -daysAgo);
    // Clocks change at night: every arrival (8:00 to 20:00) is its minutes from the day's noon.
    const noon = localTimeToInstant(timeZone, day, '12:00').getTime();
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    const visits = Math.max(3, Math.round(VISITS_BY_WEEKDAY[weekday] * (0.8 + rnd() * 0.4)));
    const arrivals = Array.from({ length: visits }, () => pick(HOURS, ([, w]) => w, HOURS_WEIGHT, rnd())[0] * 60 + Math.floor(rnd() * 60)).sort(
      (a, b) => a - b,
    );
    arrivals.forEach((minuteOfDay, i) => {
      const createdAt = new Date(noon + (minuteOfDay - 720) * MINUTE);
      const p = pick(PRESENTATIONS, (x) => x.weight, TOTAL_WEIGHT, rnd());
      const patient = rnd() < 0.6 ? directory[Math.floor(rnd() * directory.length)] : null;
      const age = patient ? (ageInYears(patient.dateOfBirth ?? null, createdAt) ?? 40) : 4 + Math.floor(rnd() * 80);
      const key = `${p.complaint}|${age}`;
      let derived = scored.get(key);
      if (!derived) {
        derived = deriveQueuePatient(
          { status: 'waiting', createdAt, age, symptoms: p.symptoms, medicalHistory: p.history ?? [], chiefComplaint: p.complaint },
          createdAt,
        );
        scored.set(key, derived);
      }
      const urgency = derived.urgencyLevel;
      const cancelled = urgency === 'low' && rnd() < 0.08;
      const wait = Math.max(0, Math.round(TYPICAL_WAIT[urgency] * (0.4 + rnd() * 1.4)));
      const care = Math.max(5, Math.round(TYPICAL_CARE[urgency] * (0.6 + rnd() * 0.8)));
      const startedAt = cancelled ? null : new Date(createdAt.getTime() + wait * MINUTE);
      const endedAt = new Date(createdAt.getTime() + (cancelled ? wait : wait + care) * MINUTE);
      const admitted = !cancelled && (urgency === 'emergency' || urgency === 'urgent') && rnd() < 0.35;
      const status: QueueStatus = cancelled ? 'cancelled' : admitted ? 'admitted' : 'completed';
      const finalPriority = cancelled ? null : rnd() < 0.84 ? urgency : neighbour(urgency, rnd() < 0.6);
      const completed = status === 'completed';
      const rating = completed && rnd() < 0.7 ? Math.min(5, Math.max(1, Math.round(3.2 + rnd() * 2.2 - (wait > 60 ? 1 : 0)))) : null;
      const by = urgency === 'low' || (urgency === 'medium' && rnd() < 0.5) ? staff.nurse : staff.doctor;
      out.push({
        id: crypto.randomUUID(),
        queue_date: day,
        queue_number: i + 1,
        patient_id: patient?.id ?? null,
        source: rnd() < 0.55 ? 'kiosk' : 'staff',
        status,
        first_name: patient ? patient.firstName : 'Walk-in',
        last_name: patient ? patient.lastName : `Visitor ${day.slice(5)}-${i + 1}`,
        date_of_birth: patient?.dateOfBirth ?? null,
        age,
        gender: patient?.gender ?? null,
        chief_complaint: p.complaint,
        symptoms: p.symptoms,
        medical_history: p.history ?? [],
        risk_score: derived.riskScore,
        started_at: startedAt?.toISOString() ?? null,
        started_by: startedAt ? by : null,
        ended_at: endedAt.toISOString(),
        ai_urgency: startedAt ? urgency : null,
        target_wait_minutes: startedAt ? targetWaitMinutes(derived.riskScore) : null,
        final_priority: finalPriority,
        rating,
        fee_cents: completed && finalPriority ? DEMO_VISIT_FEES[finalPriority] * 100 : null,
        created_at: createdAt.toISOString(),
      });
    });
  }
  return out;
}

/**
 * Loads the history into a clinic, inside the seed's tenant transaction, after the directory
 * (visits of people in it link to them): the entries, their history lines (check-in, start, and
 * completion, admission or cancellation) and the audit rows the routes would have written
 * (`queue.checked-in`, `queue.start`, `queue.complete` or `queue.admit`), each as one statement
 * over a JSON array, so thousands of rows cost a few statements. `doctor` and `nurse` give care.
 */
export async function seedAnalyticsHistory(
  tx: Tx,
  scope: { organizationId: string; clinicId: string; timeZone: string },
  staff: { doctor: string; nurse: string },
  directory: readonly NewPatientRow[],
  now = new Date(),
): Promise<number> {
  const data = historyRows(scope.timeZone, staff, directory, now);
  const { organizationId: org, clinicId: clinic } = scope;
  const json = JSON.stringify(data);
  // The rows as a relation, read straight from the JSON (one parameter, however many rows).
  const h = sql`jsonb_to_recordset(${json}::jsonb) as h(
      id text, queue_date date, queue_number int, patient_id text, source text, status text, first_name text, last_name text,
      date_of_birth date, age int, gender text, chief_complaint text, symptoms text[], medical_history text[], risk_score int,
      started_at timestamptz, started_by text, ended_at timestamptz, ai_urgency text, target_wait_minutes int, final_priority text,
      rating smallint, fee_cents int, created_at timestamptz)`;
  await tx.execute(sql`
    insert into queue_entries (organization_id, clinic_id, id, queue_date, queue_number, patient_id, source, status, first_name, last_name,
      date_of_birth, age, gender, chief_complaint, symptoms, medical_history, risk_score, started_at, started_by, ended_at, ai_urgency,
      target_wait_minutes, final_priority, rating, fee_cents, created_at, updated_at)
    select ${org}, ${clinic}, id, queue_date, queue_number, patient_id, source, status, first_name, last_name, date_of_birth, age, gender,
      chief_complaint, symptoms, medical_history, risk_score, started_at, started_by, ended_at, ai_urgency, target_wait_minutes,
      final_priority, rating, fee_cents, created_at, ended_at
    from ${h}`);
  const endAction = sql`(case h.status when 'admitted' then 'admit' when 'cancelled' then 'cancel' else 'complete' end)`;
  await tx.execute(sql`
    insert into queue_transitions (organization_id, id, entry_id, action, from_status, to_status, actor_user_id, at)
    select ${org}, gen_random_uuid()::text, h.id, t.action, t.from_status, t.to_status, t.actor, t.at
    from ${h}
    cross join lateral (values
      ('create', null, 'waiting', null, h.created_at),
      ('start', 'waiting', 'in-progress', h.started_by, h.started_at),
      (${endAction}, case when h.started_at is null then 'waiting' else 'in-progress' end, h.status, coalesce(h.started_by, ${staff.nurse}), h.ended_at)
    ) as t(action, from_status, to_status, actor, at)
    where t.at is not null`);
  await tx.execute(sql`
    insert into audit_events (id, organization_id, actor_user_id, action, entity_type, entity_id, details, at)
    select gen_random_uuid()::text, ${org}, a.actor, a.action, 'queue_entry', h.id, a.details, a.at
    from ${h}
    cross join lateral (values
      (null, 'queue.checked-in', h.created_at, jsonb_build_object('clinicId', ${clinic}::text, 'via', h.source, 'patientId', h.patient_id, 'queueNumber', h.queue_number)),
      (h.started_by, 'queue.start', h.started_at, jsonb_build_object('clinicId', ${clinic}::text, 'patientId', h.patient_id, 'from', 'waiting', 'to', 'in-progress')),
      (h.started_by, 'queue.' || ${endAction}, case when h.started_at is null then null else h.ended_at end,
        jsonb_build_object('clinicId', ${clinic}::text, 'patientId', h.patient_id, 'from', 'in-progress', 'to', h.status))
    ) as a(actor, action, at, details)
    where a.at is not null`);
  return data.length;
}
