import { visitors } from '../../db/schema/index.js';
import { patientRecordMover } from '../../platform/patient-records.js';

/** The visits of a patient's visitors, moved to the chart that stays when a chart made from public input is merged (`modules/patient-merge`). */
export const moveVisitorRecords = patientRecordMover({ visitors });
