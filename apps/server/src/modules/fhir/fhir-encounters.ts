import {
  QUEUE_ENCOUNTER_STATUS,
  VISIT_ENCOUNTER_STATUS,
  encounterId,
  queueEpisodeEncounter,
  searchsetBundle,
  visitEncounter,
} from '@clinic/domain/rules/fhir';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Bundle, Encounter } from 'fhir/r4';
import { notFound } from '../../platform/errors.js';
import type { FhirRouteContext } from '../../platform/route/index.js';
import { patientVisitsQuery } from '../patients/index.js';
import { patientEpisodesQuery } from '../queue/index.js';
import { dateBounds, patientParam, statusParam, type Search } from './fhir-search.js';
import { dateCondition, pageOf, subjectId, uniqueSubjects, type FhirBase } from './fhir-paging.js';

/** Which Encounters {@link encountersOf} reads: one patient's, or queue episodes and visits by id. */
type EncounterFilter = { patientId: string } | { entryIds: string[]; visitIds: string[] };

/** The rows of one kind an {@link EncounterFilter} names: the patient's, or the ids listed; null when none are (that table is not read). */
function rowsNamed(filter: EncounterFilter, kind: 'entryIds' | 'visitIds'): { patientId: string } | { ids: string[] } | null {
  if ('patientId' in filter) return { patientId: filter.patientId };
  return filter[kind].length ? { ids: filter[kind] } : null;
}

/** The organization's queue episodes (linked to a patient) and visits, as Encounters, newest first. */
export async function encountersOf(ctx: FhirRouteContext, filter: EncounterFilter): Promise<Encounter[]> {
  const org = ctx.tenant.organizationId;
  const entryMatch = rowsNamed(filter, 'entryIds');
  const visitMatch = rowsNamed(filter, 'visitIds');
  const out: Encounter[] = [];
  if (entryMatch) {
    const entries = await patientEpisodesQuery(ctx.tx, org, entryMatch);
    for (const e of entries) out.push(queueEpisodeEncounter({ ...e, patientId: e.patientId! }));
  }
  if (visitMatch) {
    const visits = await patientVisitsQuery(ctx.tx, org, visitMatch);
    for (const v of visits) out.push(visitEncounter(v));
  }
  return out.sort((a, b) => (b.period?.start ?? '').localeCompare(a.period?.start ?? '') || ((a.id ?? '') < (b.id ?? '') ? -1 : 1));
}

/** A status column read as an Encounter status, by the domain's map ('unknown' for the rest). */
const encounterStatusOf = (column: SQL, map: Record<string, string>) =>
  sql`(case ${column} ${sql.join(
    Object.entries(map).map(([from, to]) => sql`when ${from} then ${to}`),
    sql` `,
  )} else 'unknown' end)`;

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
 * counted and paged by the database in one statement over the queue's episodes and the patients'
 * visits (each owner's select); only the page's episodes and visits are read.
 */
export async function searchEncounters(ctx: FhirRouteContext, search: Search, at: FhirBase): Promise<Bundle> {
  const org = ctx.tenant.organizationId;
  const patientId = patientParam(search);
  const bounds = dateBounds(search, 'date');
  const statuses = statusParam(search);
  const match = patientId !== undefined ? { patientId } : {};
  const episodes = patientEpisodesQuery(ctx.tx, org, match).as('q');
  const visits = patientVisitsQuery(ctx.tx, org, match).as('v');
  const all = sql`
    select 'q' as kind, ${episodes.id} as id, ${episodes.createdAt} as start, ${encounterStatusOf(sql`${episodes.status}`, QUEUE_ENCOUNTER_STATUS)} as status
      from ${episodes}
    union all
    select 'v', ${visits.id}, ${visits.visitedAt}, ${encounterStatusOf(sql`${visits.status}`, VISIT_ENCOUNTER_STATUS)}
      from ${visits}`;
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
