/**
 * The FHIR R4 resources the server answers with (`/fhir/R4/…`): `Patient`, `Encounter` and the
 * vital-signs `Observation`, with the fields this server writes. Objects are loose: a FHIR reply
 * is checked against its contract but sent as built, so a field FHIR allows is never dropped.
 */
import { z } from 'zod';
import { ENCOUNTER_STATUSES } from '../rules/fhir-encounter.js';

const coding = z.looseObject({ system: z.string().optional(), code: z.string().optional(), display: z.string().optional() });
const codeableConcept = z.looseObject({ coding: z.array(coding).optional(), text: z.string().optional() });
const reference = z.looseObject({ reference: z.string().optional(), display: z.string().optional() });
const quantity = z.looseObject({ value: z.number(), unit: z.string().optional(), system: z.string().optional(), code: z.string().optional() });
const meta = z.looseObject({ lastUpdated: z.string().optional() });

/** A FHIR `Patient`: a directory patient. */
export const fhirPatientSchema = z.looseObject({
  resourceType: z.literal('Patient'),
  id: z.string(),
  meta: meta.optional(),
  identifier: z.array(z.looseObject({ use: z.string().optional(), system: z.string().optional(), value: z.string().optional() })).optional(),
  active: z.boolean().optional(),
  name: z
    .array(
      z.looseObject({
        use: z.string().optional(),
        family: z.string().optional(),
        given: z.array(z.string()).optional(),
        text: z.string().optional(),
      }),
    )
    .optional(),
  gender: z.enum(['male', 'female', 'other', 'unknown']).optional(),
  birthDate: z.string().optional(),
  telecom: z.array(z.looseObject({ system: z.string().optional(), value: z.string().optional(), use: z.string().optional() })).optional(),
  address: z.array(z.looseObject({ use: z.string().optional(), line: z.array(z.string()).optional(), city: z.string().optional() })).optional(),
});

/** A FHIR `Encounter`: a queue episode (`q-…`) or a visit (`v-…`). */
export const fhirEncounterSchema = z.looseObject({
  resourceType: z.literal('Encounter'),
  id: z.string(),
  status: z.enum(ENCOUNTER_STATUSES),
  class: coding,
  type: z.array(codeableConcept).optional(),
  subject: reference.optional(),
  participant: z.array(z.looseObject({ individual: reference.optional() })).optional(),
  period: z.looseObject({ start: z.string().optional(), end: z.string().optional() }).optional(),
  reasonCode: z.array(codeableConcept).optional(),
});

/** A FHIR vital-signs `Observation` (LOINC code, UCUM units): one value, or components for blood pressure. */
export const fhirObservationSchema = z.looseObject({
  resourceType: z.literal('Observation'),
  id: z.string(),
  status: z.string(),
  category: z.array(codeableConcept).optional(),
  code: codeableConcept,
  subject: reference.optional(),
  encounter: reference.optional(),
  effectiveDateTime: z.string().optional(),
  valueQuantity: quantity.optional(),
  component: z.array(z.looseObject({ code: codeableConcept, valueQuantity: quantity.optional() })).optional(),
});

/** Any resource a read or a Bundle of this server holds. */
export const fhirResourceSchema = z.discriminatedUnion('resourceType', [fhirPatientSchema, fhirEncounterSchema, fhirObservationSchema]);
