import { gdprConsents, gdprRightsRequests } from '../../db/schema/index.js';
import { patientRecordMover } from '../../platform/patient-records.js';

/** A patient's consents and data-subject requests, moved to the chart that stays when a chart made from public input is merged (`modules/patient-merge`). */
export const moveGdprRecords = patientRecordMover({ gdprConsents, gdprRightsRequests });
