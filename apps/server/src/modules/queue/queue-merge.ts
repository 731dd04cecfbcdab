import { queueEntries } from '../../db/schema/index.js';
import { patientRecordMover } from '../../platform/patient-records.js';

/** The queue's entries of a patient (waiting, in care and past), moved to the chart that stays when a chart made from public input is merged (`modules/patient-merge`). */
export const moveQueueRecords = patientRecordMover({ queueEntries });
