/** The FHIR module's public API (see ../README.md): its routes, and the `$everything` Bundle for the GDPR export. */
export { fhirBaseUrl, fhirRoutes, FHIR_BASE_PATH } from './fhir.routes.js';
export { everythingOf } from './fhir.service.js';
