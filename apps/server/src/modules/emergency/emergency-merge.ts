import { emergencyAlerts, emergencyRiskAssessments, massCasualtyPatients } from '../../db/schema/index.js';
import { moveToPatient } from '../../platform/patient-records.js';
import type { TenantTx } from '../../platform/route/index.js';

/**
 * Moves a patient's emergency alerts, risk assessments and mass-casualty records to the chart that stays when a chart made from public input is merged into the
 * existing chart it duplicates (`modules/patient-merge`). Returns how many moved, by kind.
 */
export async function moveEmergencyRecords(
  tx: TenantTx,
  organizationId: string,
  fromPatientId: string,
  toPatientId: string,
): Promise<Record<string, number>> {
  return {
    emergencyAlerts: await moveToPatient(tx, emergencyAlerts, organizationId, fromPatientId, toPatientId),
    emergencyRiskAssessments: await moveToPatient(tx, emergencyRiskAssessments, organizationId, fromPatientId, toPatientId),
    massCasualtyPatients: await moveToPatient(tx, massCasualtyPatients, organizationId, fromPatientId, toPatientId),
  };
}
