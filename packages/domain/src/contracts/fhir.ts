/**
 * Contracts of the FHIR R4 server's replies (`/fhir/R4/…`, `application/fhir+json`): a search's
 * or `$everything`'s Bundle, a read's resource, and the CapabilityStatement. Checked against each
 * reply in tests; FHIR replies are sent as built, not serialized from these.
 */
import { z } from 'zod';
import { fhirEncounterSchema, fhirObservationSchema, fhirPatientSchema, fhirResourceSchema } from './fhir-resources.js';

export * from './fhir-resources.js';

/** A FHIR `Bundle`: a search's page (with its total and self, next and previous links) or a patient's record. */
export const fhirBundleSchema = z.looseObject({
  resourceType: z.literal('Bundle'),
  type: z.enum(['searchset', 'collection']),
  total: z.number().int().min(0).optional(),
  link: z.array(z.looseObject({ relation: z.string(), url: z.string() })).optional(),
  entry: z
    .array(
      z.looseObject({
        fullUrl: z.string().optional(),
        resource: fhirResourceSchema,
        search: z.looseObject({ mode: z.enum(['match', 'include', 'outcome']) }).optional(),
      }),
    )
    .optional(),
});

/** `GET /fhir/R4/Patient/{id}` reply. */
export const fhirPatientResponse = fhirPatientSchema;
/** `GET /fhir/R4/Encounter/{id}` reply. */
export const fhirEncounterResponse = fhirEncounterSchema;
/** `GET /fhir/R4/Observation/{id}` reply. */
export const fhirObservationResponse = fhirObservationSchema;
/** A search's (`GET /fhir/R4/Patient`, `/Encounter`, `/Observation`) and `$everything`'s reply. */
export const fhirBundleResponse = fhirBundleSchema;

/** `GET /fhir/R4/metadata` reply: what the server supports, per resource type, and how a caller authenticates. */
export const fhirCapabilityStatementSchema = z.looseObject({
  resourceType: z.literal('CapabilityStatement'),
  status: z.enum(['draft', 'active', 'retired', 'unknown']),
  date: z.string(),
  kind: z.enum(['instance', 'capability', 'requirements']),
  fhirVersion: z.string(),
  format: z.array(z.string()),
  rest: z.array(
    z.looseObject({
      mode: z.enum(['server', 'client']),
      resource: z.array(
        z.looseObject({
          type: z.string(),
          interaction: z.array(z.looseObject({ code: z.string() })),
          searchParam: z.array(z.looseObject({ name: z.string(), type: z.string() })).optional(),
        }),
      ),
    }),
  ),
});
