import { DEFAULT_COUNTRY, patientFields, type BloodType, type PatientDto, type PatientGender } from '@clinic/domain/contracts/patients';
import { PATIENT_DETAIL_FIELDS, withNestedAddress } from '@clinic/domain/rules/patient-address';
import type { ZodFormSpec } from '../../../ui/zod-form';

/** What the patient form holds: every field as typed, the address flattened. */
export interface PatientFormValues {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  gender: PatientGender | '';
  phone: string;
  email: string;
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  emergencyContactName: string;
  emergencyContactRelationship: string;
  emergencyContactPhone: string;
  bloodType: BloodType | '';
  insuranceProvider: string;
  insuranceNumber: string;
  allergies: string[];
  currentMedications: string[];
  medicalHistory: string[];
}

/** A field of the form. */
export type PatientFormField = keyof PatientFormValues;

/** The list fields, whose entries are added one by one. */
export type ListKey = 'allergies' | 'currentMedications' | 'medicalHistory';
/** Text typed into a list field but not yet added. */
export type PendingEntries = Record<ListKey, string>;
export const NO_PENDING_ENTRIES: PendingEntries = { allergies: '', currentMedications: '', medicalHistory: '' };

/** The values with each entry typed but not yet added appended to its list (once). */
export function withPendingEntries(values: PatientFormValues, pending: PendingEntries): PatientFormValues {
  const next = { ...values };
  for (const key of Object.keys(pending) as ListKey[]) {
    const entry = pending[key].trim();
    if (entry && !next[key].includes(entry)) next[key] = [...next[key], entry];
  }
  return next;
}

/** The order fields appear in, to focus the first one with an error. */
export const PATIENT_FORM_ORDER: PatientFormField[] = [
  ...PATIENT_DETAIL_FIELDS,
  'emergencyContactName',
  'emergencyContactRelationship',
  'emergencyContactPhone',
  'bloodType',
  'insuranceProvider',
  'insuranceNumber',
  'allergies',
  'currentMedications',
  'medicalHistory',
];

/** An empty form (a new patient). */
export function emptyPatientForm(): PatientFormValues {
  return {
    firstName: '',
    lastName: '',
    dateOfBirth: '',
    gender: '',
    phone: '',
    email: '',
    street: '',
    city: '',
    state: '',
    zipCode: '',
    country: DEFAULT_COUNTRY,
    emergencyContactName: '',
    emergencyContactRelationship: '',
    emergencyContactPhone: '',
    bloodType: '',
    insuranceProvider: '',
    insuranceNumber: '',
    allergies: [],
    currentMedications: [],
    medicalHistory: [],
  };
}

/** The form filled with a stored patient (edit mode). */
export function patientToForm(p: PatientDto): PatientFormValues {
  // A record started at a kiosk may lack some of the fields the form requires: they start empty.
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    dateOfBirth: p.dateOfBirth ?? '',
    gender: p.gender ?? '',
    phone: p.phone ?? '',
    email: p.email ?? '',
    street: p.address.street ?? '',
    city: p.address.city ?? '',
    state: p.address.state ?? '',
    zipCode: p.address.zipCode ?? '',
    country: p.address.country || DEFAULT_COUNTRY,
    emergencyContactName: p.emergencyContactName ?? '',
    emergencyContactRelationship: p.emergencyContactRelationship ?? '',
    emergencyContactPhone: p.emergencyContactPhone ?? '',
    bloodType: p.bloodType ?? '',
    insuranceProvider: p.insuranceProvider ?? '',
    insuranceNumber: p.insuranceNumber ?? '',
    allergies: [...p.allergies],
    currentMedications: [...p.currentMedications],
    medicalHistory: [...p.medicalHistory],
  };
}

/** The form field an issue path (from the contract or the server) belongs to. */
export function fieldOfPath(path: string): PatientFormField | null {
  const [head, second] = path.split('.');
  const field = (head === 'address' ? second : head === 'phoneNumber' ? 'phone' : head) as PatientFormField;
  return PATIENT_FORM_ORDER.includes(field) ? field : null;
}

/** The patient form is checked with the contract the server applies (`patientFields`). */
export const PATIENT_FORM: ZodFormSpec<PatientFormValues, typeof patientFields> = {
  schema: patientFields,
  toInput: withNestedAddress,
  fieldOf: fieldOfPath,
};
