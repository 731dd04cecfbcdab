import { kioskCaseBody, type KioskCaseInput } from '@clinic/domain/contracts/triage';

/** The kiosk's form as typed: every field a string, except the pain slider. */
export interface KioskForm {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  gender: '' | 'male' | 'female' | 'other';
  phoneNumber: string;
  email: string;
  emergencyContact: string;
  emergencyPhone: string;
  chiefComplaint: string;
  /** Comma-separated. */
  symptoms: string;
  medicalHistory: string;
  allergies: string;
  currentMedications: string;
  /** 0 to 10. */
  painLevel: number;
}

/** A blank form (the state after "Check-in Another Patient"). */
export const EMPTY_KIOSK_FORM: KioskForm = {
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  gender: '',
  phoneNumber: '',
  email: '',
  emergencyContact: '',
  emergencyPhone: '',
  chiefComplaint: '',
  symptoms: '',
  medicalHistory: '',
  allergies: '',
  currentMedications: '',
  painLevel: 0,
};

/** Required fields of each step that has any (clinical-workflows section 5). */
export const KIOSK_REQUIRED = {
  patient: ['firstName', 'lastName'],
  medical: ['chiefComplaint'],
} as const satisfies Record<string, ReadonlyArray<keyof KioskForm>>;

/** A step's (or all) required fields left blank. */
export function missingRequired(form: KioskForm, fields: ReadonlyArray<keyof KioskForm> = [...KIOSK_REQUIRED.patient, ...KIOSK_REQUIRED.medical]) {
  return fields.filter((f) => String(form[f]).trim() === '');
}

/** A comma-separated entry as a list: split on commas, trimmed, empty entries dropped. */
export function splitOnCommas(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** The kiosk call's body for this form, checked in to `tenant`. */
export function kioskCaseBodyFrom(form: KioskForm, tenant: { organizationId: string; clinicId: string }): KioskCaseInput {
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    dateOfBirth: optional(form.dateOfBirth),
    gender: form.gender || undefined,
    phoneNumber: optional(form.phoneNumber),
    email: optional(form.email),
    emergencyContact: optional(form.emergencyContact),
    emergencyPhone: optional(form.emergencyPhone),
    chiefComplaint: form.chiefComplaint.trim(),
    symptoms: splitOnCommas(form.symptoms),
    medicalHistory: splitOnCommas(form.medicalHistory),
    allergies: splitOnCommas(form.allergies),
    currentMedications: splitOnCommas(form.currentMedications),
    painLevel: form.painLevel,
    organizationId: tenant.organizationId,
    clinicId: tenant.clinicId,
  };
}

/** Labels of the kiosk's fields, as the form shows them. */
export const KIOSK_LABELS: Record<keyof KioskForm, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  dateOfBirth: 'Date of Birth',
  gender: 'Gender',
  phoneNumber: 'Phone Number',
  email: 'Email',
  emergencyContact: 'Emergency Contact',
  emergencyPhone: 'Emergency Phone',
  chiefComplaint: 'Chief Complaint',
  symptoms: 'Symptoms',
  medicalHistory: 'Medical History',
  allergies: 'Allergies',
  currentMedications: 'Current Medications',
  painLevel: 'Pain Level',
};

/**
 * Checks a body with the server's own contract, so a typing slip (an e-mail without "@", a date in
 * the future's format) is pointed out on the form instead of failing the submission. Null when valid.
 */
export function kioskBodyProblem(body: KioskCaseInput): { field: keyof KioskForm | null; message: string } | null {
  const parsed = kioskCaseBody.safeParse(body);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  const key = issue.path[0];
  const field = typeof key === 'string' && key in KIOSK_LABELS ? (key as keyof KioskForm) : null;
  return { field, message: field ? `${KIOSK_LABELS[field]}: ${issue.message}` : issue.message };
}
