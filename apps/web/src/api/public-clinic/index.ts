/** The organization and clinic a public screen (kiosk, waiting-room board) names in its URL. */
export { publicClinicKeys, usePublicClinic, type PublicClinic } from './get-public-clinic';
export { DEFAULT_PUBLIC_TENANT, publicTenantFromParams } from './public-tenant';
