/** Directory patients as FHIR R4 `Patient` resources. Pure: the server reads the rows and calls these. */
import type { Patient } from 'fhir/r4';

/** The system of the product's patient identifiers (the patient's record id). */
export const PATIENT_IDENTIFIER_SYSTEM = 'urn:clinicflow:patient';

/** A directory patient, as the server reads it. */
export interface FhirPatientSource {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  dateOfBirth: string | null;
  gender: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string | null;
  archived: boolean;
  updatedAt: Date;
}

const FHIR_GENDERS = new Set(['male', 'female', 'other']);

/** A directory patient as a FHIR `Patient`. */
export function toFhirPatient(p: FhirPatientSource): Patient {
  const patient: Patient = {
    resourceType: 'Patient',
    id: p.id,
    meta: { lastUpdated: p.updatedAt.toISOString() },
    identifier: [{ use: 'usual', system: PATIENT_IDENTIFIER_SYSTEM, value: p.id }],
    active: !p.archived,
    name: [{ use: 'official', family: p.lastName, given: [p.firstName], text: `${p.firstName} ${p.lastName}` }],
    gender: p.gender && FHIR_GENDERS.has(p.gender) ? (p.gender as Patient['gender']) : 'unknown',
  };
  const telecom: NonNullable<Patient['telecom']> = [];
  if (p.phone) telecom.push({ system: 'phone', value: p.phone, use: 'home' });
  if (p.email) telecom.push({ system: 'email', value: p.email });
  if (telecom.length > 0) patient.telecom = telecom;
  if (p.dateOfBirth) patient.birthDate = p.dateOfBirth;
  if (p.street || p.city || p.state || p.zipCode) {
    patient.address = [
      {
        use: 'home',
        ...(p.street ? { line: [p.street] } : {}),
        ...(p.city ? { city: p.city } : {}),
        ...(p.state ? { state: p.state } : {}),
        ...(p.zipCode ? { postalCode: p.zipCode } : {}),
        ...(p.country ? { country: p.country } : {}),
      },
    ];
  }
  return patient;
}
