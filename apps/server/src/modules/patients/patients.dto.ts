import type { BloodType, PatientDto, PatientGender, PatientStatus, VisitDto, VisitPriority, VisitStatus, VisitType } from '@clinic/domain';
import { patients, type PatientRow, type PatientVisitRow } from '../../db/schema/index.js';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The columns of a patient row the API returns ({@link toPatientDto}): lists select only these. */
export const patientDtoColumns = {
  id: patients.id,
  organizationId: patients.organizationId,
  clinicId: patients.clinicId,
  firstName: patients.firstName,
  lastName: patients.lastName,
  email: patients.email,
  phone: patients.phone,
  dateOfBirth: patients.dateOfBirth,
  gender: patients.gender,
  status: patients.status,
  street: patients.street,
  city: patients.city,
  state: patients.state,
  zipCode: patients.zipCode,
  country: patients.country,
  emergencyContactName: patients.emergencyContactName,
  emergencyContactRelationship: patients.emergencyContactRelationship,
  emergencyContactPhone: patients.emergencyContactPhone,
  bloodType: patients.bloodType,
  allergies: patients.allergies,
  currentMedications: patients.currentMedications,
  medicalHistory: patients.medicalHistory,
  insuranceProvider: patients.insuranceProvider,
  insuranceNumber: patients.insuranceNumber,
  createdAt: patients.createdAt,
  updatedAt: patients.updatedAt,
  dischargedAt: patients.dischargedAt,
  lastVisitAt: patients.lastVisitAt,
};

/** What {@link toPatientDto} reads of a patient row. */
export type PatientDtoRow = Pick<PatientRow, keyof typeof patientDtoColumns>;

/**
 * A patient row as the API returns it; the phone goes out under both of the spec's names. The
 * database writes the same as the row's `dto_json` (function `patient_dto_json`, migration
 * patient-dto-json), which the directory's lists and a patient's page send as it is;
 * `patients.test.ts` checks that both agree for every field. Keep the two together.
 */
export function toPatientDto(p: PatientDtoRow): PatientDto {
  return {
    id: p.id,
    organizationId: p.organizationId,
    clinicId: p.clinicId,
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    phone: p.phone,
    phoneNumber: p.phone,
    dateOfBirth: p.dateOfBirth,
    gender: (p.gender as PatientGender | null) ?? null,
    status: p.status as PatientStatus,
    address: { street: p.street, city: p.city, state: p.state, zipCode: p.zipCode, country: p.country },
    emergencyContactName: p.emergencyContactName,
    emergencyContactRelationship: p.emergencyContactRelationship,
    emergencyContactPhone: p.emergencyContactPhone,
    bloodType: (p.bloodType as BloodType | null) ?? null,
    allergies: p.allergies,
    currentMedications: p.currentMedications,
    medicalHistory: p.medicalHistory,
    insuranceProvider: p.insuranceProvider,
    insuranceNumber: p.insuranceNumber,
    createdAt: p.createdAt.toISOString(),
    lastUpdated: p.updatedAt.toISOString(),
    dischargedAt: iso(p.dischargedAt),
    lastVisit: iso(p.lastVisitAt),
  };
}

/** A visit row as the API returns it. */
export function toVisitDto(v: PatientVisitRow): VisitDto {
  return {
    id: v.id,
    patientId: v.patientId,
    date: v.visitedAt.toISOString(),
    type: v.type as VisitType,
    priority: v.priority as VisitPriority,
    doctor: v.doctor,
    waitTime: v.waitTimeMinutes,
    status: v.status as VisitStatus,
    symptoms: v.symptoms,
    diagnosis: v.diagnosis,
    treatment: v.treatment,
    notes: v.notes,
    createdAt: v.createdAt.toISOString(),
  };
}
