import type { VisitorCheckInBody } from '@clinic/domain/contracts/visitors';
import type { IdDocumentType } from '@clinic/domain/rules/visitors';

/** What the kiosk's form holds: text as typed, the two ticks. */
export interface VisitorKioskForm {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  relationship: string;
  visitPurpose: string;
  patientName: string;
  idType: IdDocumentType | '';
  idNumber: string;
  idIssuedBy: string;
  emergencyName: string;
  emergencyPhone: string;
  emergencyRelationship: string;
  healthScreening: boolean;
  temperature: string;
  symptoms: string;
  wheelchairAccess: boolean;
  specialInstructions: string;
}

/** A fresh form: "Check In Another Visitor" starts from it (the last visitor's answers are gone). */
export const EMPTY_VISITOR_FORM: VisitorKioskForm = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  relationship: '',
  visitPurpose: '',
  patientName: '',
  idType: '',
  idNumber: '',
  idIssuedBy: '',
  emergencyName: '',
  emergencyPhone: '',
  emergencyRelationship: '',
  healthScreening: false,
  temperature: '',
  symptoms: '',
  wheelchairAccess: false,
  specialInstructions: '',
};

/** The fields each step requires (the server checks them all again). */
export const VISITOR_REQUIRED = {
  info: ['firstName', 'lastName', 'phone', 'relationship', 'visitPurpose', 'patientName'],
  security: ['idType', 'idNumber', 'healthScreening'],
} as const satisfies Record<string, ReadonlyArray<keyof VisitorKioskForm>>;

/** The required fields of `fields` left empty (or unticked). */
export function missingFields(form: VisitorKioskForm, fields: ReadonlyArray<keyof VisitorKioskForm>): Array<keyof VisitorKioskForm> {
  return fields.filter((key) => {
    const value = form[key];
    return typeof value === 'boolean' ? !value : value.trim() === '';
  });
}

/** Symptoms as typed, split on commas (the spec: comma and space), blanks dropped. */
export const symptomList = (text: string) =>
  text
    .split(/,\s*/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The check-in body of a filled form; the temperature is a number, or absent. Where the
 * organization lets visitors give the patient's room (`byRoom`), an answer with a digit in it is a
 * room number (no name has one), anything else the name.
 */
export function visitorCheckInBodyFrom(form: VisitorKioskForm, byRoom = false): VisitorCheckInBody {
  const temperature = form.temperature.trim() === '' ? undefined : Number(form.temperature);
  const patient = form.patientName.trim();
  const isRoom = byRoom && /\d/.test(patient);
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    email: form.email.trim() || undefined,
    phone: form.phone.trim(),
    relationship: form.relationship,
    visitPurpose: form.visitPurpose,
    patientName: isRoom ? undefined : patient,
    patientRoom: isRoom ? patient : undefined,
    idDocument: { type: form.idType || undefined, number: form.idNumber.trim(), issuedBy: form.idIssuedBy.trim() || undefined },
    emergencyContact: {
      name: form.emergencyName.trim() || undefined,
      phone: form.emergencyPhone.trim() || undefined,
      relationship: form.emergencyRelationship.trim() || undefined,
    },
    healthScreening: form.healthScreening,
    temperature: Number.isFinite(temperature) ? temperature : undefined,
    symptoms: symptomList(form.symptoms),
    wheelchairAccess: form.wheelchairAccess,
    specialInstructions: form.specialInstructions.trim() || undefined,
  };
}

/** The form field of each nested part of the body. */
const NESTED_FIELDS: Record<string, keyof VisitorKioskForm> = {
  'idDocument.type': 'idType',
  'idDocument.number': 'idNumber',
  'idDocument.issuedBy': 'idIssuedBy',
  'emergencyContact.name': 'emergencyName',
  'emergencyContact.phone': 'emergencyPhone',
  'emergencyContact.relationship': 'emergencyRelationship',
};

/** The form field an issue of the check-in body belongs to (`patientRoom` is typed in the patient's box). */
export function visitorKioskField(path: string): string | null {
  const [first, second] = path.split('.');
  if (first === 'patientRoom') return 'patientName';
  return NESTED_FIELDS[`${first}.${second}`] ?? (first || null);
}
