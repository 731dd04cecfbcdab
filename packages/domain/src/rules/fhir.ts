/**
 * The product's records as FHIR R4 resources, by concern: directory patients as `Patient`, visits
 * and queue episodes as `Encounter`, the vital signs recorded on a queue entry as `Observation`s,
 * and search (date parameters, searchset Bundles, OperationOutcomes). Pure: the server reads the
 * rows and calls these.
 */
export * from './fhir-patient.js';
export * from './fhir-encounter.js';
export * from './fhir-observation.js';
export * from './fhir-search.js';
