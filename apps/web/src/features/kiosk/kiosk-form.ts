import { kioskCaseBody, type KioskCaseInput } from '@clinic/domain/contracts/kiosk';
import type { ReactNode } from 'react';
import type { ZodFormSpec } from '../../ui/zod-form';

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

/** The kiosk field an issue path belongs to, if it is one of the form's. */
export function kioskField(path: string): keyof KioskForm | null {
  const key = path.split('.')[0];
  return key in KIOSK_LABELS ? (key as keyof KioskForm) : null;
}

/**
 * The kiosk form is checked with the server's own contract, so a typing slip (an e-mail without
 * "@", a date in the wrong format) is pointed out on the form instead of failing the submission.
 */
export function kioskFormSpec(tenant: { organizationId: string; clinicId: string }): ZodFormSpec<KioskForm, typeof kioskCaseBody> {
  return { schema: kioskCaseBody, toInput: (form) => kioskCaseBodyFrom(form, tenant), fieldOf: kioskField };
}

/** The kiosk shows one message for the first problem: "Email: Invalid email address". */
export function kioskProblem(errors: Record<string, ReactNode>): { field: keyof KioskForm | null; message: string } | null {
  const first = Object.entries(errors).find(([, message]) => Boolean(message));
  if (!first) return null;
  const field = kioskField(first[0]);
  return { field, message: field ? `${KIOSK_LABELS[field]}: ${String(first[1])}` : String(first[1]) };
}
