import {
  PATIENT_IDENTIFIER_SYSTEM,
  dateMatches,
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
import { and, asc, count, desc, eq, gte, isNotNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Bundle, Encounter, Observation, Patient } from 'fhir/r4';
import { emergencyEntryDetails, patientVisits, patients, queueEntries, type PatientRow } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import type { FhirRouteContext } from '../../platform/route.js';
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

/** A date column compared with a date search value (day precision, as birth dates are stored). */
function birthDateCondition(bound: DateBound): SQL | undefined {
  const start = isoDate(bound.start);
  const end = isoDate(new Date(Math.max(bound.end.getTime(), bound.start.getTime() + 86_400_000)));
  const column = patients.dateOfBirth;
  switch (bound.prefix) {
    case 'eq':
      return and(gte(column, start), lt(column, end));
    case 'ge':
      return gte(column, start);
    case 'gt':
      return gte(column, end);
    case 'le':
      return lt(column, end);
    case 'lt':
      return lt(column, start);
  }
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

/** The organization's queue episodes (linked to a patient) and visits, as Encounters, optionally of one patient. */
async function encountersOf(ctx: FhirRouteContext, filter: { patientId?: string; entryId?: string; visitId?: string }): Promise<Encounter[]> {
  const org = ctx.tenant.organizationId;
  const out: Encounter[] = [];
  if (!filter.visitId) {
    const entries = await ctx.tx
      .select()
      .from(queueEntries)
      .where(
        and(
          eq(queueEntries.organizationId, org),
          isNotNull(queueEntries.patientId),
          filter.patientId ? eq(queueEntries.patientId, filter.patientId) : undefined,
          filter.entryId ? eq(queueEntries.id, filter.entryId) : undefined,
        ),
      );
    for (const e of entries) out.push(queueEpisodeEncounter({ ...e, patientId: e.patientId! }));
  }
  if (!filter.entryId) {
    const visits = await ctx.tx
      .select()
      .from(patientVisits)
      .where(
        and(
          eq(patientVisits.organizationId, org),
          filter.patientId ? eq(patientVisits.patientId, filter.patientId) : undefined,
          filter.visitId ? eq(patientVisits.id, filter.visitId) : undefined,
        ),
      );
    for (const v of visits) out.push(visitEncounter(v));
  }
  return out.sort((a, b) => (b.period?.start ?? '').localeCompare(a.period?.start ?? '') || (a.id ?? '').localeCompare(b.id ?? ''));
}

const subjectId = (r: Encounter | Observation) => r.subject?.reference?.replace(/^Patient\//, '') ?? null;
const uniqueSubjects = (resources: Array<Encounter | Observation>) => [
  ...new Set(resources.map(subjectId).filter((id): id is string => id !== null)),
];

/** `GET /Encounter/{id}`: a queue episode (`q-…`) or a visit (`v-…`); audited as a read of its patient. */
export async function readEncounter(ctx: FhirRouteContext, id: string): Promise<Encounter> {
  const named = encounterId.parse(id);
  if (!named) throw notFound('Encounter');
  const [encounter] = await encountersOf(ctx, named.kind === 'queue' ? { entryId: named.id } : { visitId: named.id });
  if (!encounter) throw notFound('Encounter');
  await ctx.audit('fhir.encounter.read', { type: 'patient', id: subjectId(encounter) }, { encounterId: id });
  return encounter;
}

/** `GET /Encounter?…`: by patient, date (the period's start) and status, newest first. */
export async function searchEncounters(ctx: FhirRouteContext, search: Search, at: FhirBase): Promise<Bundle> {
  const patientId = patientParam(search);
  const bounds = dateBounds(search, 'date');
  const statuses = statusParam(search);
  const all = (await encountersOf(ctx, { patientId })).filter(
    (e) => (!statuses || statuses.has(e.status)) && bounds.every((b) => dateMatches(new Date(e.period!.start!), b)),
  );
  const page = all.slice(search.offset, search.offset + search.count);
  await ctx.audit(
    'fhir.encounter.search',
    { type: 'patient', id: patientId ?? null },
    { patientIds: uniqueSubjects(page), encounterIds: page.map((e) => e.id), total: all.length },
  );
  return searchsetBundle({ resources: page, total: all.length, offset: search.offset, count: search.count, selfUrl: at.url }, at.base);
}

/** The vital-sign Observations of the organization's queue entries (linked to a patient), optionally of one patient or entry. */
async function observationsOf(ctx: FhirRouteContext, filter: { patientId?: string; entryId?: string }): Promise<Observation[]> {
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
        filter.patientId ? eq(queueEntries.patientId, filter.patientId) : undefined,
        filter.entryId ? eq(queueEntries.id, filter.entryId) : undefined,
      ),
    )
    .orderBy(desc(queueEntries.createdAt), asc(queueEntries.id));
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
  const observation = (await observationsOf(ctx, { entryId: named.entryId })).find((o) => o.id === id);
  if (!observation) throw notFound('Observation');
  await ctx.audit('fhir.observation.read', { type: 'patient', id: subjectId(observation) }, { observationId: id });
  return observation;
}

/** `GET /Observation?…`: vital signs by patient, LOINC code and date, newest first. */
export async function searchObservations(ctx: FhirRouteContext, search: Search, at: FhirBase): Promise<Bundle> {
  const patientId = patientParam(search);
  const codes = codeParam(search);
  const bounds = dateBounds(search, 'date');
  const all = categoryMatches(search)
    ? (await observationsOf(ctx, { patientId })).filter(
        (o) => (!codes || codes.has(observationCode(o) ?? '')) && bounds.every((b) => dateMatches(new Date(o.effectiveDateTime!), b)),
      )
    : [];
  const page = all.slice(search.offset, search.offset + search.count);
  await ctx.audit('fhir.observation.search', { type: 'patient', id: patientId ?? null }, { patientIds: uniqueSubjects(page), total: all.length });
  return searchsetBundle({ resources: page, total: all.length, offset: search.offset, count: search.count, selfUrl: at.url }, at.base);
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
