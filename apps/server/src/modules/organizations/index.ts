/** The organizations module's public API: what other modules may call (see ../README.md). */
export {
  clinicName,
  organizationClinics,
  organizationOfStripeCustomer,
  organizationRow,
  organizationSettingAt,
  organizationsQuery,
  saveOrganizationSettingAt,
  updateOrganizationRow,
  type OrganizationChange,
} from './organization-row.js';
/** The organization row as the organizations module stores it: what `organizationRow` returns. */
export type { OrganizationRow } from '../../db/schema/index.js';
export type { ClinicEmergencyChange, ClinicEmergencySettings } from './clinic-emergency.js';
