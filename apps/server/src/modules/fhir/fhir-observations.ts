import { VITAL_CODES, observationCode, observationId, searchsetBundle, vitalObservations, type StoredVitals } from '@clinic/domain/rules/fhir';
import { desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Bundle, Observation } from 'fhir/r4';
import { notFound } from '../../platform/errors.js';
import type { FhirRouteContext } from '../../platform/route/index.js';
import { entryWeightsQuery } from '../emergency/index.js';
import { patientEpisodesQuery } from '../queue/index.js';
import { categoryMatches, codeParam, dateBounds, patientParam, type Search } from './fhir-search.js';
import { dateCondition, pageOf, subjectId, uniqueSubjects, type FhirBase } from './fhir-paging.js';

/**
 * The vital-sign Observations of the organization's queue entries (linked to a patient), of one
 * patient or entry: the queue's entries and the emergency room's weights, each owner's select, in one statement.
 */
export async function observationsOf(ctx: FhirRouteContext, filter: { patientId: string } | { entryIds: string[] }): Promise<Observation[]> {
  const org = ctx.tenant.organizationId;
  const entry = patientEpisodesQuery(ctx.tx, org, 'patientId' in filter ? { patientId: filter.patientId } : { ids: filter.entryIds }).as('e');
  const weight = entryWeightsQuery(ctx.tx, org).as('d');
  const rows = await ctx.tx
    .select()
    .from(entry)
    .leftJoin(weight, eq(weight.queueEntryId, entry.id))
    .where(or(isNotNull(entry.vitalSigns), isNotNull(weight.weightKg)))
    .orderBy(desc(entry.createdAt), sql`${entry.id} collate "C"`);
  return rows.flatMap(({ e, d }) =>
    vitalObservations({
      entryId: e.id,
      patientId: e.patientId!,
      recordedAt: e.vitalsRecordedAt ?? e.createdAt,
      vitals: e.vitalSigns as StoredVitals | null,
      weightKg: d?.weightKg ?? null,
      weightRecordedAt: d?.updatedAt ?? null,
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
 * and paged by the database (the queue's entries, the emergency room's weights); only the page's entries are read.
 */
export async function searchObservations(ctx: FhirRouteContext, search: Search, at: FhirBase): Promise<Bundle> {
  const org = ctx.tenant.organizationId;
  const patientId = patientParam(search);
  const codes = codeParam(search);
  const bounds = dateBounds(search, 'date');
  const conditions = [
    sql`o.present`,
    ...(codes ? [inArray(sql`o.code`, [...codes])] : []),
    ...bounds.map((bound) => dateCondition(sql`o.at`, bound)),
    ...(categoryMatches(search) ? [] : [sql`false`]),
  ];
  const entries = patientEpisodesQuery(ctx.tx, org, patientId !== undefined ? { patientId } : {}).as('e');
  const weights = entryWeightsQuery(ctx.tx, org).as('d');
  const matches = sql`
    select e.id as entry_id, e.created_at, o.ord, o.code
      from ${entries}
      left join ${weights} on d.queue_entry_id = e.id
      cross join lateral ${VITAL_ROWS}
     where ${sql.join(conditions, sql` and `)}`;
  const { total, rows } = await pageOf<{ entry_id: string; code: string }>(ctx, matches, sql`created_at desc, entry_id collate "C", ord`, search);
  const ofEntries = rows.length ? await observationsOf(ctx, { entryIds: [...new Set(rows.map((r) => r.entry_id))] }) : [];
  const page = rows.flatMap((r) => ofEntries.filter((o) => observationId.parse(o.id!)?.entryId === r.entry_id && observationCode(o) === r.code));
  await ctx.audit('fhir.observation.search', { type: 'patient', id: patientId ?? null }, { patientIds: uniqueSubjects(page), total });
  return searchsetBundle({ resources: page, total, offset: search.offset, count: search.count, selfUrl: at.url }, at.base);
}
