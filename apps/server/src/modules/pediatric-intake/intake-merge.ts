import { pediatricIntakes } from '../../db/schema/index.js';
import { patientRecordMover } from '../../platform/patient-records.js';

/** A patient's pediatric intakes (their tokens still act only on the chart their intake made, which the merge archives), moved to the chart that stays when a chart made from public input is merged (`modules/patient-merge`). */
export const moveIntakeRecords = patientRecordMover({ pediatricIntakes });
