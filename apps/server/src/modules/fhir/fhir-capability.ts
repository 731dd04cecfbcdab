import type { CapabilityStatement, CapabilityStatementRestResource } from 'fhir/r4';
import { SEARCH_PARAMS, type SearchResource } from './fhir-search.js';

/** When this statement last changed (the server's FHIR surface, not the running instance). */
const PUBLISHED = '2026-11-26';

const PROFILES: Record<SearchResource, string> = {
  Patient: 'http://hl7.org/fhir/StructureDefinition/Patient',
  Encounter: 'http://hl7.org/fhir/StructureDefinition/Encounter',
  Observation: 'http://hl7.org/fhir/StructureDefinition/vitalsigns',
};

function resource(type: SearchResource): CapabilityStatementRestResource {
  const params: Record<string, string> = SEARCH_PARAMS[type];
  return {
    type,
    profile: PROFILES[type],
    interaction: [{ code: 'read' }, { code: 'search-type' }],
    searchParam: Object.entries(params).map(([name, kind]) => ({
      name,
      type: kind as 'string' | 'token' | 'date' | 'reference',
      definition: `http://hl7.org/fhir/SearchParameter/${type === 'Patient' && name === 'name' ? 'Patient-name' : `${type.toLowerCase() === 'patient' ? 'individual' : 'clinical'}-${name}`}`,
    })),
    ...(type === 'Patient'
      ? { operation: [{ name: 'everything', definition: 'http://hl7.org/fhir/OperationDefinition/Patient-everything' }] }
      : {}),
  };
}

/** `GET /fhir/R4/metadata`: what this server actually supports, and how a caller authenticates. */
export function capabilityStatement(base: string): CapabilityStatement {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: PUBLISHED,
    kind: 'instance',
    software: { name: 'ClinicFlow FHIR server' },
    implementation: { description: 'ClinicFlow FHIR R4 API (read-only)', url: base },
    fhirVersion: '4.0.1',
    format: ['json', 'application/fhir+json'],
    rest: [
      {
        mode: 'server',
        documentation: 'Read and search of the organization the credentials belong to. Paging: _count (default 20, at most 100) and _offset.',
        security: {
          cors: false,
          service: [{ text: 'Bearer API key' }, { text: 'Staff session' }],
          description:
            'Send an API key of the organization as "Authorization: Bearer ck_live_…"; its SMART-style read scopes (patient/*.read, patient/Patient.read, patient/Encounter.read, patient/Observation.read) decide what it may read. Staff with the patients permission may also read with their session.',
        },
        resource: (['Patient', 'Encounter', 'Observation'] as const).map(resource),
      },
    ],
  };
}
