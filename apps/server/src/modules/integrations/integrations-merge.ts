import { ehrPatientLinks } from '../../db/schema/index.js';
import { patientRecordMover } from '../../platform/patient-records.js';

/** A patient's EHR links, so that a later sync updates the chart that stays, moved to the chart that stays when a chart made from public input is merged (`modules/patient-merge`). */
export const moveIntegrationRecords = patientRecordMover({ ehrPatientLinks });
