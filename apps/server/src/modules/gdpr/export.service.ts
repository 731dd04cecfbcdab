import type { Bundle } from 'fhir/r4';
import type { TenantRouteContext } from '../../platform/route/index.js';
import { everythingOf } from '../fhir/index.js';

/**
 * The right of access (GDPR art. 15, HIPAA's access to one's record): the patient's record as the
 * FHIR module's `$everything` Bundle (Patient, Encounters, vital-sign Observations), audited once,
 * as an export. Another organization's patient is a 404.
 */
export async function exportPatientRecord(ctx: TenantRouteContext, patientId: string, base: string): Promise<Bundle> {
  const { bundle, encounters, observations } = await everythingOf(ctx, patientId, base);
  await ctx.audit('gdpr.exported', { type: 'patient', id: patientId }, { resources: bundle.total ?? 0, encounters, observations });
  return bundle;
}
