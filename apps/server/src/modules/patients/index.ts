/** The patients module's public API: what other modules may call (see ../README.md). */
export { createCheckInPatient, type CheckInContext, type CheckInPerson } from './check-in-patient.js';
export {
  completeMerge,
  dismissPossibleMatch,
  listPossibleMatches,
  lockOpenPossibleMatch,
  requireMergeable,
  type OpenPossibleMatch,
} from './possible-matches.js';
export { directoryCount } from './patient-figures.js';
export { patientExists, patientNames } from './patient-names.js';
export { patientRecord, patientSearchPage, patientVisitsQuery, type PatientMatch } from './fhir-readers.js';
/** A patient as the patients module stores it: what `patientRecord` and `patientSearchPage` return. */
export type { PatientRow } from '../../db/schema/index.js';
export { completedVisitsOf, emergencyVisitsBetween, type PatientVisitTime } from './visit-readers.js';
export { patientSummaries, type PatientSummary } from './patient-summaries.js';
export { patientsInCare, type PatientInCare } from './patients-in-care.js';
export { patientRoutes } from './patients.routes.js';
export { createImportedPatient, importedValuesOf, patientByNameAndBirthDate, updateImportedPatient } from './imported-patients.js';
export {
  ERASED_CONTACT_FIELDS,
  requirePatientPrivacyState,
  restrictPatientProcessing,
  type PatientPrivacyState,
  type ProcessingRestriction,
} from './patient-erasure.js';
