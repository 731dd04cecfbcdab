import type { TrialReportId } from '@clinic/domain/rules/clinical-trials';
import { tenantStorage } from '../../../api/client';

/** The address of a trial's report (`GET /api/clinical-trials/{id}/reports/{report}`), in the chosen organization. */
export function reportUrl(trialId: string, report: TrialReportId, format: 'csv' | 'html'): string {
  const tenant = tenantStorage.get();
  const params = new URLSearchParams({ format });
  if (tenant.organizationId) params.set('organizationId', tenant.organizationId);
  if (tenant.clinicId) params.set('clinicId', tenant.clinicId);
  return `/api/clinical-trials/${encodeURIComponent(trialId)}/reports/${report}?${params}`;
}
