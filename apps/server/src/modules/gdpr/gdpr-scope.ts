import { AppError } from '../../platform/errors.js';
import type { RouteTenant } from '../../platform/route/index.js';

/** The clinic whose patients' rights a call is about: the request's clinic, as for the patient directory. */
export function clinicOf(tenant: Pick<RouteTenant, 'clinicId'>): string {
  if (!tenant.clinicId) throw new AppError('request/no-clinic', 'Select a clinic to manage its patients.');
  return tenant.clinicId;
}
