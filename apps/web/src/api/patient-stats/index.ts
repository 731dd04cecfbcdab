/** The directory's counts of a clinic (the dashboard's Patients tab). */
export { getPatientStatsQueryOptions, patientStatsKeys, usePatientStats } from './get-patient-stats';
