import type { PediatricIntakeInput } from '@clinic/domain/contracts/pediatric-intake';
import { splitCommaList, type IntakeStepFields } from '@clinic/domain/rules/pediatric-intake';

/** The wizard's form: text as typed (lists as comma-separated text), flags and the pain level. */
export interface IntakeForm {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  gender: string;
  race: string;
  ethnicity: string;
  primaryPhone: string;
  secondaryPhone: string;
  email: string;
  street: string;
  city: string;
  state: string;
  zipCode: string;
  guardianFirstName: string;
  guardianLastName: string;
  guardianRelationship: string;
  guardianPhone: string;
  guardianEmail: string;
  guardianAddress: string;
  chiefComplaint: string;
  symptoms: string;
  painLevel: number;
  symptomDuration: string;
  previousEpisodes: string;
  previousTreatment: string;
  allergies: string;
  currentMedications: string;
  chronicConditions: string;
  surgeries: string;
  hospitalizations: string;
  diabetes: boolean;
  hypertension: boolean;
  heartDisease: boolean;
  cancer: boolean;
  mentalHealth: boolean;
  familyOther: string;
  schoolGrade: string;
  activities: string;
  livingSituation: string;
  insurancePrimary: string;
  policyNumber: string;
  groupNumber: string;
  consentStatus: 'pending' | 'provided' | 'declined';
  screeningNumber: string;
}

/** An empty form (consent pending, no pain). */
export const EMPTY_INTAKE_FORM: IntakeForm = {
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  gender: '',
  race: '',
  ethnicity: '',
  primaryPhone: '',
  secondaryPhone: '',
  email: '',
  street: '',
  city: '',
  state: '',
  zipCode: '',
  guardianFirstName: '',
  guardianLastName: '',
  guardianRelationship: '',
  guardianPhone: '',
  guardianEmail: '',
  guardianAddress: '',
  chiefComplaint: '',
  symptoms: '',
  painLevel: 0,
  symptomDuration: '',
  previousEpisodes: '',
  previousTreatment: '',
  allergies: '',
  currentMedications: '',
  chronicConditions: '',
  surgeries: '',
  hospitalizations: '',
  diabetes: false,
  hypertension: false,
  heartDisease: false,
  cancer: false,
  mentalHealth: false,
  familyOther: '',
  schoolGrade: '',
  activities: '',
  livingSituation: '',
  insurancePrimary: '',
  policyNumber: '',
  groupNumber: '',
  consentStatus: 'pending',
  screeningNumber: '',
};

/** What the domain's step rules read of the form. */
export function stepFieldsOf(f: IntakeForm): IntakeStepFields {
  return {
    firstName: f.firstName,
    lastName: f.lastName,
    dateOfBirth: f.dateOfBirth,
    gender: f.gender,
    primaryPhone: f.primaryPhone,
    guardian1: { firstName: f.guardianFirstName, lastName: f.guardianLastName, relationship: f.guardianRelationship, phone: f.guardianPhone },
    chiefComplaint: f.chiefComplaint,
    symptoms: splitCommaList(f.symptoms),
    insurance: { primary: f.insurancePrimary },
    consentStatus: f.consentStatus,
  };
}

const opt = (v: string) => (v.trim() ? v.trim() : undefined);

/** The intake record the API takes: lists split from their comma text, empty optional fields left out. */
export function intakeBodyFrom(f: IntakeForm, trialId: string | null): PediatricIntakeInput {
  const address = { street: opt(f.street), city: opt(f.city), state: opt(f.state), zipCode: opt(f.zipCode) };
  return {
    firstName: f.firstName.trim(),
    lastName: f.lastName.trim(),
    dateOfBirth: f.dateOfBirth,
    gender: f.gender as PediatricIntakeInput['gender'],
    race: (opt(f.race) as PediatricIntakeInput['race']) ?? undefined,
    ethnicity: (opt(f.ethnicity) as PediatricIntakeInput['ethnicity']) ?? undefined,
    primaryPhone: f.primaryPhone.trim(),
    secondaryPhone: opt(f.secondaryPhone),
    email: opt(f.email),
    address: Object.values(address).some(Boolean) ? address : undefined,
    guardian1: {
      firstName: f.guardianFirstName.trim(),
      lastName: f.guardianLastName.trim(),
      relationship: f.guardianRelationship as PediatricIntakeInput['guardian1']['relationship'],
      phone: f.guardianPhone.trim(),
      email: opt(f.guardianEmail),
      address: opt(f.guardianAddress),
    },
    chiefComplaint: f.chiefComplaint.trim(),
    symptoms: splitCommaList(f.symptoms),
    painLevel: f.painLevel,
    symptomDuration: opt(f.symptomDuration),
    previousEpisodes: opt(f.previousEpisodes),
    previousTreatment: opt(f.previousTreatment),
    allergies: splitCommaList(f.allergies),
    currentMedications: splitCommaList(f.currentMedications),
    chronicConditions: splitCommaList(f.chronicConditions),
    surgeries: opt(f.surgeries),
    hospitalizations: opt(f.hospitalizations),
    familyHistory: {
      diabetes: f.diabetes,
      hypertension: f.hypertension,
      heartDisease: f.heartDisease,
      cancer: f.cancer,
      mentalHealth: f.mentalHealth,
      other: opt(f.familyOther),
    },
    schoolGrade: opt(f.schoolGrade),
    activities: opt(f.activities),
    livingSituation: (opt(f.livingSituation) as PediatricIntakeInput['livingSituation']) ?? undefined,
    insurance: { primary: f.insurancePrimary.trim(), policyNumber: opt(f.policyNumber), groupNumber: opt(f.groupNumber) },
    trialId: trialId ?? undefined,
    consentStatus: trialId ? f.consentStatus : 'pending',
    screeningNumber: trialId ? opt(f.screeningNumber) : undefined,
  };
}

/** The form field of each nested path of the body (`guardian1.firstName` -> `guardianFirstName`). */
const NESTED_FIELDS: Record<string, keyof IntakeForm> = {
  'guardian1.firstName': 'guardianFirstName',
  'guardian1.lastName': 'guardianLastName',
  'guardian1.relationship': 'guardianRelationship',
  'guardian1.phone': 'guardianPhone',
  'guardian1.email': 'guardianEmail',
  'guardian1.address': 'guardianAddress',
  'insurance.primary': 'insurancePrimary',
  'insurance.policyNumber': 'policyNumber',
  'insurance.groupNumber': 'groupNumber',
  'familyHistory.other': 'familyOther',
};

/** The form field an issue of the body belongs to: address parts are fields of their own, the rest as named. */
export function intakeFieldOf(path: string): string | null {
  const [first, second] = path.split('.');
  if (first === 'address' && second) return second;
  return NESTED_FIELDS[`${first}.${second}`] ?? (first || null);
}
