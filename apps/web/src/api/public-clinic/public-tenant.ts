/**
 * The organization and clinic a public screen (kiosk, queue board) serves, from its URL:
 * `organizationId`, `organization` or `org`, and `clinicId` or `clinic`. The organization defaults
 * to 'default-clinic' and the clinic to the organization (clinical-workflows, Kiosk).
 */

/** The demo organization and its main clinic, the spec's default. */
export const DEFAULT_PUBLIC_TENANT = 'default-clinic';

const first = (params: URLSearchParams, names: readonly string[]) => {
  for (const name of names) {
    const value = params.get(name)?.trim();
    if (value) return value;
  }
  return undefined;
};

/** The tenant named by the URL, with defaults; `named` says whether the URL named an organization or clinic. */
export function publicTenantFromParams(params: URLSearchParams): { organizationId: string; clinicId: string; named: boolean } {
  const organization = first(params, ['organizationId', 'organization', 'org']);
  const clinic = first(params, ['clinicId', 'clinic']);
  const organizationId = organization ?? DEFAULT_PUBLIC_TENANT;
  return { organizationId, clinicId: clinic ?? organizationId, named: Boolean(organization || clinic) };
}
