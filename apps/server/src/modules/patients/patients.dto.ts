import type { BloodType, PatientDto, PatientGender, PatientStatus, VisitDto, VisitPriority, VisitStatus, VisitType } from '@clinic/domain';
import type { PatientRow, PatientVisitRow } from '../../db/schema/index.js';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** A patient row as the API returns it; the phone goes out under both of the spec's names. */
export function toPatientDto(p: PatientRow, lastVisit: Date | null): PatientDto {
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
    lastVisit: iso(lastVisit),
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
