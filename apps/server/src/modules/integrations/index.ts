/**
 * The integrations module's public API (see ../README.md): connection checks of the organization's
 * FHIR systems and their statuses, and the guarded FHIR reads they and the patient sync use.
 */
export { checkConfiguredIntegrations, checkIntegration, integrationStatuses, type CheckResult } from './checks.service.js';
export { fhirGet, isInternalAddress, probeFhirServer, readCapabilityStatement, type FhirGetOptions, type Resolver } from './fhir-client.js';
export { hasIntegrationCredential, saveIntegrationCredential, syncEhrPatients } from './patient-sync.service.js';
