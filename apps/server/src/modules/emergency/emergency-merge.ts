import { emergencyAlerts, emergencyRiskAssessments, massCasualtyPatients } from '../../db/schema/index.js';
import { patientRecordMover } from '../../platform/patient-records.js';

/** A patient's emergency alerts, risk assessments and mass-casualty records, moved to the chart that stays when a chart made from public input is merged (`modules/patient-merge`). */
export const moveEmergencyRecords = patientRecordMover({ emergencyAlerts, emergencyRiskAssessments, massCasualtyPatients });
