import { PATIENT_IDENTIFIER_SYSTEM, entryOf, searchsetBundle, toFhirPatient } from '@clinic/domain/rules/fhir';
import type { Bundle, Patient } from 'fhir/r4';
import { notFound } from '../../platform/errors.js';
import type { FhirRouteContext } from '../../platform/route/index.js';
import { patientRecord, patientSearchPage, type PatientMatch, type PatientRow } from '../patients/index.js';
import { encountersOf } from './fhir-encounters.js';
import { observationsOf } from './fhir-observations.js';
import type { FhirBase } from './fhir-paging.js';
import { dateBounds, single, type Search } from './fhir-search.js';

export { readEncounter, searchEncounters } from './fhir-encounters.js';
export { readObservation, searchObservations } from './fhir-observations.js';
export type { FhirBase } from './fhir-paging.js';

const toPatient = (row: PatientRow): Patient => toFhirPatient({ ...row, archived: row.archivedAt !== null });

/** One patient of the organization (archived ones too, `active: false`), or a 404. */
async function requirePatientRow(ctx: FhirRouteContext, id: string): Promise<PatientRow> {
  const row = await patientRecord(ctx.tx, ctx.tenant.organizationId, id);
  if (!row) throw notFound('Patient');
  return row;
}

/** `GET /Patient/{id}`: audited as a read of the patient. */
export async function readPatient(ctx: FhirRouteContext, id: string): Promise<Patient> {
  const row = await requirePatientRow(ctx, id);
  await ctx.audit('fhir.patient.read', { type: 'patient', id });
  return toPatient(row);
}

/** The patients a search's parameters match ({@link PatientMatch}): an identifier of another system matches none. */
function patientMatch(search: Search): PatientMatch {
  const identifier = single(search, 'identifier');
  const [system, value] = identifier?.includes('|') ? identifier.split('|', 2) : ['', identifier];
  return {
    id: system && system !== PATIENT_IDENTIFIER_SYSTEM ? null : value,
    names: search.params.get('name') ?? [],
    families: search.params.get('family') ?? [],
    givens: search.params.get('given') ?? [],
    birthDates: dateBounds(search, 'birthdate'),
    gender: single(search, 'gender'),
    phoneDigits: single(search, 'phone')?.replace(/[^0-9]/g, ''),
    email: single(search, 'email'),
  };
}

/** `GET /Patient?…`: a page of the organization's patients, by family then given name; audited with the ids returned. */
export async function searchPatients(ctx: FhirRouteContext, search: Search, at: FhirBase): Promise<Bundle> {
  const { total, rows } = await patientSearchPage(ctx.tx, ctx.tenant.organizationId, patientMatch(search), search);
  await ctx.audit('fhir.patient.search', { type: 'patient' }, { patientIds: rows.map((r) => r.id), total, offset: search.offset });
  return searchsetBundle({ resources: rows.map(toPatient), total, offset: search.offset, count: search.count, selfUrl: at.url }, at.base);
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
