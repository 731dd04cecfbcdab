/** Visits and queue episodes as FHIR R4 `Encounter` resources. Pure: the server reads the rows and calls these. */
import type { Encounter } from 'fhir/r4';

/** FHIR Encounter statuses. */
export type EncounterStatus = Encounter['status'];

/** A queue entry's status as an Encounter status: the episode at the clinic. */
export const QUEUE_ENCOUNTER_STATUS: Record<string, EncounterStatus> = {
  waiting: 'arrived',
  'in-progress': 'in-progress',
  completed: 'finished',
  cancelled: 'cancelled',
  admitted: 'finished',
  'emergency-admitted': 'finished',
};
/** A visit's status as an Encounter status. */
export const VISIT_ENCOUNTER_STATUS: Record<string, EncounterStatus> = {
  completed: 'finished',
  'in-progress': 'in-progress',
  scheduled: 'planned',
  cancelled: 'cancelled',
};
/** The Encounter statuses a search may ask for. */
export const ENCOUNTER_STATUSES = [
  'planned',
  'arrived',
  'triaged',
  'in-progress',
  'onleave',
  'finished',
  'cancelled',
  'entered-in-error',
  'unknown',
] as const;

const ACT_CODE = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';
const AMBULATORY = { system: ACT_CODE, code: 'AMB', display: 'ambulatory' };
const EMERGENCY = { system: ACT_CODE, code: 'EMER', display: 'emergency' };

/** Ids of Encounters: `q-<queue entry id>` for a queue episode, `v-<visit id>` for a visit. */
export const encounterId = {
  queue: (entryId: string) => `q-${entryId}`,
  visit: (visitId: string) => `v-${visitId}`,
  /** The kind and record id an Encounter id names, or null for an id of neither form. */
  parse(id: string): { kind: 'queue' | 'visit'; id: string } | null {
    const match = /^([qv])-(.+)$/.exec(id);
    if (!match) return null;
    return { kind: match[1] === 'q' ? 'queue' : 'visit', id: match[2] };
  },
};

/** A queue episode, as the server reads it. */
export interface FhirQueueEpisodeSource {
  id: string;
  patientId: string;
  status: string;
  department: string;
  chiefComplaint: string;
  createdAt: Date;
  endedAt: Date | null;
}

/** A queue episode as an `Encounter`: arrived at check-in, ended when care ended. */
export function queueEpisodeEncounter(e: FhirQueueEpisodeSource): Encounter {
  const emergency = e.department === 'emergency' || e.status === 'emergency-admitted';
  return {
    resourceType: 'Encounter',
    id: encounterId.queue(e.id),
    status: QUEUE_ENCOUNTER_STATUS[e.status] ?? 'unknown',
    class: emergency ? EMERGENCY : AMBULATORY,
    type: [{ text: 'Queue episode' }],
    subject: { reference: `Patient/${e.patientId}` },
    period: { start: e.createdAt.toISOString(), ...(e.endedAt ? { end: e.endedAt.toISOString() } : {}) },
    reasonCode: [{ text: e.chiefComplaint }],
  };
}

/** A visit of the patient's record, as the server reads it. */
export interface FhirVisitSource {
  id: string;
  patientId: string;
  status: string;
  type: string;
  doctor: string;
  visitedAt: Date;
  symptoms: string | null;
}

/** A visit as an `Encounter`. */
export function visitEncounter(v: FhirVisitSource): Encounter {
  const encounter: Encounter = {
    resourceType: 'Encounter',
    id: encounterId.visit(v.id),
    status: VISIT_ENCOUNTER_STATUS[v.status] ?? 'unknown',
    class: v.type.toLowerCase() === 'emergency' ? EMERGENCY : AMBULATORY,
    type: [{ text: v.type }],
    subject: { reference: `Patient/${v.patientId}` },
    participant: [{ individual: { display: v.doctor } }],
    period: { start: v.visitedAt.toISOString() },
  };
  if (v.symptoms) encounter.reasonCode = [{ text: v.symptoms }];
  return encounter;
}
