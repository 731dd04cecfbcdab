/**
 * The integrations module's public API (see ../README.md): connection checks of the organization's
 * FHIR systems and their statuses, and the EHR patient sync. Both reach the systems only through
 * the outbound guard (`platform/outbound.ts`), with the deployment's policy the caller passes in.
 */
export { checkConfiguredIntegrations, checkIntegration, integrationStatuses, type CheckResult } from './checks.service.js';
export { probeFhirServer, readCapabilityStatement, type FhirReach } from './fhir-client.js';
export { hasIntegrationCredential, saveIntegrationCredential, syncEhrPatients } from './patient-sync.service.js';
export { eraseEhrLinkContacts } from './ehr-link-erasure.js';
export { moveIntegrationRecords } from './integrations-merge.js';
