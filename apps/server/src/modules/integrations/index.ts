/**
 * The integrations module's public API (see ../README.md): connection checks of the organization's
 * FHIR systems and their statuses, the Epic EHR's sign-in (SMART Backend Services with the
 * organization's signing keys and published JWKS, or a saved bearer token), and Sync Patients as
 * a background job. Everything reaches the systems only through the outbound guard
 * (`platform/outbound.ts`), with the deployment's policy the caller passes in.
 */
export { checkConfiguredIntegrations, checkIntegration, integrationStatuses, type CheckResult } from './checks.service.js';
export { probeFhirServer, readCapabilityStatement, type FhirReach } from './fhir-client.js';
export { hasIntegrationCredential, saveIntegrationCredential } from './credentials.js';
export { epicSignIn, savedEpicConnection, type InTenant } from './epic-sign-in.js';
export { ensureSigningKey, rotateSigningKey, signingKeysOf, RETIRED_KEY_PUBLISHED_MS, SIGNING_ALGORITHM } from './signing-keys.js';
export { SmartTokenCache, type EhrReach } from './smart-token.js';
export { listEhrSyncRuns, requestEhrSync } from './sync-runs.service.js';
export { EHR_SYNC_INTERVAL_MS, startEhrSyncWorker, workDueEhrSyncRuns, type EhrSyncWorker } from './sync-worker.js';
export { epicJwksPath, integrationRoutes } from './integrations.routes.js';
export { eraseEhrLinkContacts } from './ehr-link-erasure.js';
export { moveIntegrationRecords } from './integrations-merge.js';
