import {
  PATIENT_IDENTIFIER_SYSTEM,
  QUEUE_ENCOUNTER_STATUS,
  VISIT_ENCOUNTER_STATUS,
  VITAL_CODES,
  dateRange,
  encounterId,
  entryOf,
  observationCode,
  observationId,
  queueEpisodeEncounter,
  searchsetBundle,
  toFhirPatient,
  visitEncounter,
  vitalObservations,
  type DateBound,
  type StoredVitals,
} from '@clinic/domain/rules/fhir';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Bundle, Encounter, Observation, Patient } from 'fhir/r4';
import { emergencyEntryDetails, patientVisits, patients, queueEntries, type PatientRow } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import type { FhirRouteContext } from '../../platform/route/index.js';
import { categoryMatches, codeParam, dateBounds, patientParam, single, statusParam, type Search } from './fhir-search.js';

/** Where the search was asked and what the Bundle's full URLs start with. */
export interface FhirBase {
  /** `https://host/fhir/R4` */
  base: string;
  /** The request's URL, absolute. */
  url: URL;
}

const toPatient = (row: PatientRow): Patient => toFhirPatient({ ...row, archived: row.archivedAt !== null });
const likePrefix = (value: string) => `${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** The birth date compared with a date search value ({@link dateRange}, its range widened to whole days, as birth dates are stored). */
function birthDateCondition(bound: DateBound): SQL | undefined {
  const { from, before } = dateRange({ ...bound, end: new Date(Math.max(bound.end.getTime(), bound.start.getTime() + 86_400_000)) });
  return and(from ? gte(patients.dateOfBirth, isoDate(from)) : undefined, before ? lt(patients.dateOfBirth, isoDate(before)) : undefined);
}

/** One patient of the organization (archived ones too, `active: false`), or a 404. */
async function requirePatientRow(ctx: FhirRouteContext, id: string): Promise<PatientRow> {
  const [row] = await ctx.tx
    .select()
    .from(patients)
    .where(and(eq(patients.organizationId, ctx.tenant.organizationId), eq(patients.id, id)))
    .limit(1);
  if (!row) throw notFound('Patient');
  return row;
}

/** `GET /Patient/{id}`: audited as a read of the patient. */
export async function readPatient(ctx: FhirRouteContext, id: string): Promise<Patient> {
  const row = await requirePatientRow(ctx, id);
  await ctx.audit('fhir.patient.read', { type: 'patient', id });
  return toPatient(row);
}

/** `GET /Patient?…`: a page of the organization's patients, by family then given name; audited with the ids returned. */
export async function searchPatients(ctx: FhirRouteContext, search: Search, at: FhirBase): Promise<Bundle> {
  const conditions: Array<SQL | undefined> = [eq(patients.organizationId, ctx.tenant.organizationId)];
  const identifier = single(search, 'identifier');
  if (identifier !== undefined) {
    const [system, value] = identifier.includes('|') ? identifier.split('|', 2) : ['', identifier];
    conditions.push(system && system !== PATIENT_IDENTIFIER_SYSTEM ? sql`false` : eq(patients.id, value));
  }
  for (const name of search.params.get('name') ?? []) {
    conditions.push(or(like(patients.searchName, likePrefix(name)), like(patients.searchNameReversed, likePrefix(name))));
  }
  for (const family of search.params.get('family') ?? []) conditions.push(like(sql`lower(${patients.lastName})`, likePrefix(family)));
  for (const given of search.params.get('given') ?? []) conditions.push(like(sql`lower(${patients.firstName})`, likePrefix(given)));
  for (const bound of dateBounds(search, 'birthdate')) conditions.push(birthDateCondition(bound));
  const gender = single(search, 'gender');
  if (gender !== undefined)
    conditions.push(
      gender === 'unknown' ? sql`(${patients.gender} is null or ${patients.gender} not in ('male','female','other'))` : eq(patients.gender, gender),
    );
  const phone = single(search, 'phone');
  if (phone !== undefined) conditions.push(eq(patients.phoneDigits, phone.replace(/[^0-9]/g, '')));
  const email = single(search, 'email');
  if (email !== undefined) conditions.push(eq(patients.searchEmail, email.toLowerCase()));
  const where = and(...conditions);
  const [{ total }] = await ctx.tx.select({ total: count() }).from(patients).where(where);
  const rows = await ctx.tx
    .select()
    .from(patients)
    .where(where)
    .orderBy(asc(patients.lastName), asc(patients.firstName), asc(patients.id))
    .limit(search.count)
    .offset(search.offset);
  await ctx.audit('fhir.patient.search', { type: 'patient' }, { patientIds: rows.map((r) => r.id), total, offset: search.offset });
  return searchsetBundle({ resources: rows.map(toPatient), total, offset: search.offset, count: search.count, selfUrl: at.url }, at.base);
}

/** Which Encounters {@link encountersOf} reads: one patient's, or queue episodes and visits by id. */
type EncounterFilter = { patientId: string } | { entryIds: string[]; visitIds: string[] };

/** The rows of one kind an {@link EncounterFilter} names: the patient's, or the ids listed; null when none are (that table is not read). */
function rowsNamed(filter: EncounterFilter, kind: 'entryIds' | 'visitIds', patientColumn: PgColumn, idColumn: PgColumn): SQL | null {
  if ('patientId' in filter) return eq(patientColumn, filter.patientId);
  return filter[kind].length ? inArray(idColumn, filter[kind]) : null;
}

/** The organization's queue episodes (linked to a patient) and visits, as Encounters, newest first. */
async function encountersOf(ctx: FhirRouteContext, filter: EncounterFilter): Promise<Encounter[]> {
  const org = ctx.tenant.organizationId;
  const entryMatch = rowsNamed(filter, 'entryIds', queueEntries.patientId, queueEntries.id);
  const visitMatch = rowsNamed(filter, 'visitIds', patientVisits.patientId, patientVisits.id);
  const out: Encounter[] = [];
  if (entryMatch) {
    const entries = await ctx.tx
      .select()
      .from(queueEntries)
      .where(and(eq(queueEntries.organizationId, org), isNotNull(queueEntries.patientId), entryMatch));
    for (const e of entries) out.push(queueEpisodeEncounter({ ...e, patientId: e.patientId! }));
  }
  if (visitMatch) {
    const visits = await ctx.tx
      .select()
      .from(patientVisits)
      .where(and(eq(patientVisits.organizationId, org), visitMatch));
    for (const v of visits) out.push(visitEncounter(v));
  }
  return out.sort((a, b) => (b.period?.start ?? '').localeCompare(a.period?.start ?? '') || ((a.id ?? '') < (b.id ?? '') ? -1 : 1));
}

/** `column` compared with a date search value ({@link dateRange}, the domain's rule). */
function dateCondition(column: SQL, bound: DateBound): SQL {
  const { from, before } = dateRange(bound);
  return sql.join(
    [
      ...(from ? [sql`${column} >= ${from.toISOString()}::timestamptz`] : []),
      ...(before ? [sql`${column} < ${before.toISOString()}::timestamptz`] : []),
    ],
    sql` and `,
  );
}

/** A status column read as an Encounter status, by the domain's map ('unknown' for the rest). */
const encounterStatusOf = (column: SQL, map: Record<string, string>) =>
  sql`(case ${column} ${sql.join(
    Object.entries(map).map(([from, to]) => sql`when ${from} then ${to}`),
    sql` `,
  )} else 'unknown' end)`;

/**
 * The search's page of `matches` (a select) in `order` (`_offset`, `_count`), and how many rows it
 * gives in all: one statement (a window count beside the page), and a count of its own only when
 * the page is past the end.
 */
async function pageOf<R>(ctx: FhirRouteContext, matches: SQL, order: SQL, search: Search): Promise<{ total: number; rows: R[] }> {
  const page = (
    await ctx.tx.execute(
      sql`select *, count(*) over ()::int as total from (${matches}) m order by ${order} limit ${search.count} offset ${search.offset}`,
    )
  ).rows as Array<R & { total: number }>;
  if (page.length > 0) return { total: page[0].total, rows: page };
  if (search.offset === 0) return { total: 0, rows: [] };
  const [{ total }] = (await ctx.tx.execute(sql`select count(*)::int as total from (${matches}) m`)).rows as Array<{ total: number }>;
  return { total, rows: [] };
}

const subjectId = (r: Encounter | Observation) => r.subject?.reference?.replace(/^Patient\//, '') ?? null;
const uniqueSubjects = (resources: Array<Encounter | Observation>) => [
  ...new Set(resources.map(subjectId).filter((id): id is string => id !== null)),
];

/** `GET /Encounter/{id}`: a queue episode (`q-…`) or a visit (`v-…`); audited as a read of its patient. */
export async function readEncounter(ctx: FhirRouteContext, id: string): Promise<Encounter> {
  const named = encounterId.parse(id);
  if (!named) throw notFound('Encounter');
  const [encounter] = await encountersOf(
    ctx,
    named.kind === 'queue' ? { entryIds: [named.id], visitIds: [] } : { entryIds: [], visitIds: [named.id] },
  );
  if (!encounter) throw notFound('Encounter');
  await ctx.audit('fhir.encounter.read', { type: 'patient', id: subjectId(encounter) }, { encounterId: id });
  return encounter;
}

/**
 * `GET /Encounter?…`: by patient, date (the period's start) and status, newest first. Matched,
 * counted and paged by the database; only the page's episodes and visits are read.
 */
export async function searchEncounters(ctx: FhirRouteContext, search: Search, at: FhirBase): Promise<Bundle> {
  const org = ctx.tenant.organizationId;
  const patientId = patientParam(search);
  const bounds = dateBounds(search, 'date');
  const statuses = statusParam(search);
  const ofPatient = (column: SQL) => (patientId !== undefined ? sql` and ${column} = ${patientId}` : sql``);
  const all = sql`
    select 'q' as kind, id, created_at as start, ${encounterStatusOf(sql`status`, QUEUE_ENCOUNTER_STATUS)} as status
      from queue_entries where organization_id = ${org} and patient_id is not null${ofPatient(sql`patient_id`)}
    union all
    select 'v', id, visited_at, ${encounterStatusOf(sql`status`, VISIT_ENCOUNTER_STATUS)}
      from patient_visits where organization_id = ${org}${ofPatient(sql`patient_id`)}`;
  const conditions = [...(statuses ? [inArray(sql`status`, [...statuses])] : []), ...bounds.map((bound) => dateCondition(sql`start`, bound))];
  const matches = conditions.length ? sql`select * from (${all}) e where ${sql.join(conditions, sql` and `)}` : all;
  const { total, rows } = await pageOf<{ kind: 'q' | 'v'; id: string }>(ctx, matches, sql`start desc, (kind || '-' || id) collate "C"`, search);
  const page = rows.length
    ? await encountersOf(ctx, {
        entryIds: rows.filter((r) => r.kind === 'q').map((r) => r.id),
        visitIds: rows.filter((r) => r.kind === 'v').map((r) => r.id),
      })
    : [];
  await ctx.audit(
    'fhir.encounter.search',
    { type: 'patient', id: patientId ?? null },
    { patientIds: uniqueSubjects(page), encounterIds: page.map((e) => e.id), total },
  );
  return searchsetBundle({ resources: page, total, offset: search.offset, count: search.count, selfUrl: at.url }, at.base);
}

/** The vital-sign Observations of the organization's queue entries (linked to a patient), optionally of one patient or entry. */
async function observationsOf(ctx: FhirRouteContext, filter: { patientId: string } | { entryIds: string[] }): Promise<Observation[]> {
  const org = ctx.tenant.organizationId;
  const rows = await ctx.tx
    .select({ entry: queueEntries, weightKg: emergencyEntryDetails.weightKg, weightAt: emergencyEntryDetails.updatedAt })
    .from(queueEntries)
    .leftJoin(
      emergencyEntryDetails,
      and(eq(emergencyEntryDetails.organizationId, queueEntries.organizationId), eq(emergencyEntryDetails.queueEntryId, queueEntries.id)),
    )
    .where(
      and(
        eq(queueEntries.organizationId, org),
        isNotNull(queueEntries.patientId),
        or(isNotNull(queueEntries.vitalSigns), isNotNull(emergencyEntryDetails.weightKg)),
        'patientId' in filter ? eq(queueEntries.patientId, filter.patientId) : inArray(queueEntries.id, filter.entryIds),
      ),
    )
    .orderBy(desc(queueEntries.createdAt), sql`${queueEntries.id} collate "C"`);
  return rows.flatMap(({ entry, weightKg, weightAt }) =>
    vitalObservations({
      entryId: entry.id,
      patientId: entry.patientId!,
      recordedAt: entry.vitalsRecordedAt ?? entry.createdAt,
      vitals: entry.vitalSigns as StoredVitals | null,
      weightKg,
      weightRecordedAt: weightAt,
    }),
  );
}

/** `GET /Observation/{id}`: one vital sign of a queue entry; audited as a read of its patient. */
export async function readObservation(ctx: FhirRouteContext, id: string): Promise<Observation> {
  const named = observationId.parse(id);
  if (!named) throw notFound('Observation');
  const observation = (await observationsOf(ctx, { entryIds: [named.entryId] })).find((o) => o.id === id);
  if (!observation) throw notFound('Observation');
  await ctx.audit('fhir.observation.read', { type: 'patient', id: subjectId(observation) }, { observationId: id });
  return observation;
}

/** When a queue entry's vital signs were taken. */
const TAKEN = sql`coalesce(e.vitals_recorded_at, e.created_at)`;
/** Whether the entry's vital signs hold a number at `path`. */
const numberAt = (...path: string[]) => sql`jsonb_typeof(e.vital_signs #> ${`{${path.join(',')}}`}::text[]) = 'number'`;

/**
 * Each vital sign a queue entry holds, as one row: its place in {@link vitalObservations}' order,
 * its LOINC code, whether the entry has it, and its time (the weight's own, else when the vitals
 * were taken). The SQL twin of `vitalObservations`, for searching and paging in the database
 * (`fhir.test.ts` pages both and compares).
 */
const VITAL_ROWS = sql`(values ${sql.join(
  (
    [
      [VITAL_CODES.heartRate, numberAt('heartRate'), TAKEN],
      [VITAL_CODES.bloodPressure, sql`(${numberAt('bloodPressure', 'systolic')} or ${numberAt('bloodPressure', 'diastolic')})`, TAKEN],
      [VITAL_CODES.oxygenSaturation, numberAt('oxygenSaturation'), TAKEN],
      [VITAL_CODES.temperature, numberAt('temperature'), TAKEN],
      [VITAL_CODES.respiratoryRate, numberAt('respiratoryRate'), TAKEN],
      [VITAL_CODES.glasgowComaScale, numberAt('glasgowComaScale'), TAKEN],
      [VITAL_CODES.weight, sql`d.weight_kg is not null`, sql`coalesce(d.updated_at, ${TAKEN})`],
    ] as const
  ).map(([vital, present, at], i) => sql`(${sql.raw(String(i + 1))}, ${vital.code}::text, ${present}, ${at})`),
  sql`, `,
)}) as o(ord, code, present, at)`;

/**
 * `GET /Observation?…`: vital signs by patient, LOINC code and date, newest first. Matched, counted
 * and paged by the database; only the page's entries are read.
 */
export async function searchObservations(ctx: FhirRouteContext, search: Search, at: FhirBase): Promise<Bundle> {
  const patientId = patientParam(search);
  const codes = codeParam(search);
  const bounds = dateBounds(search, 'date');
  const conditions = [
    sql`e.organization_id = ${ctx.tenant.organizationId}`,
    sql`e.patient_id is not null`,
    sql`o.present`,
    ...(patientId !== undefined ? [sql`e.patient_id = ${patientId}`] : []),
    ...(codes ? [inArray(sql`o.code`, [...codes])] : []),
    ...bounds.map((bound) => dateCondition(sql`o.at`, bound)),
    ...(categoryMatches(search) ? [] : [sql`false`]),
  ];
  const matches = sql`
    select e.id as entry_id, e.created_at, o.ord, o.code
      from queue_entries e
      left join emergency_entry_details d on d.organization_id = e.organization_id and d.queue_entry_id = e.id
      cross join lateral ${VITAL_ROWS}
     where ${sql.join(conditions, sql` and `)}`;
  const { total, rows } = await pageOf<{ entry_id: string; code: string }>(ctx, matches, sql`created_at desc, entry_id collate "C", ord`, search);
  const ofEntries = rows.length ? await observationsOf(ctx, { entryIds: [...new Set(rows.map((r) => r.entry_id))] }) : [];
  const page = rows.flatMap((r) => ofEntries.filter((o) => observationId.parse(o.id!)?.entryId === r.entry_id && observationCode(o) === r.code));
  await ctx.audit('fhir.observation.search', { type: 'patient', id: patientId ?? null }, { patientIds: uniqueSubjects(page), total });
  return searchsetBundle({ resources: page, total, offset: search.offset, count: search.count, selfUrl: at.url }, at.base);
}

/**
 * The patient with every Encounter and vital-sign Observation of theirs, as one searchset Bundle,
 * not audited: each caller records its own access ({@link patientEverything}, the GDPR export).
 */
export async function everythingOf(
  ctx: FhirRouteContext,
  patientId: string,
  base: string,
): Promise<{ bundle: Bundle; encounters: number; observations: number }> {
  const row = await requirePatientRow(ctx, patientId);
  const encounters = await encountersOf(ctx, { patientId });
  const observations = await observationsOf(ctx, { patientId });
  const resources = [toPatient(row), ...encounters, ...observations];
  const bundle: Bundle = {
    resourceType: 'Bundle',
    type: 'searchset',
    total: resources.length,
    link: [{ relation: 'self', url: `${base}/Patient/${patientId}/$everything` }],
    entry: resources.map((r) => entryOf(r, base)),
  };
  return { bundle, encounters: encounters.length, observations: observations.length };
}

/** `GET /Patient/{id}/$everything` ({@link everythingOf}), audited as a read of the patient. */
export async function patientEverything(ctx: FhirRouteContext, patientId: string, base: string): Promise<Bundle> {
  const { bundle, encounters, observations } = await everythingOf(ctx, patientId, base);
  await ctx.audit('fhir.patient.everything', { type: 'patient', id: patientId }, { encounters, observations });
  return bundle;
}
