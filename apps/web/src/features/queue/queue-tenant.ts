import type { TenantRef } from '../../api/tenant';

/**
 * The organization and clinic a signed-in queue names in its URL (organizationId, clinicId), if any;
 * what it leaves out comes from the stored selection.
 */
export function staffTenantFromParams(params: URLSearchParams): TenantRef {
  const pick = (...names: string[]) => names.map((n) => params.get(n)?.trim()).find((v) => v) || undefined;
  return { organizationId: pick('organizationId', 'organization', 'org'), clinicId: pick('clinicId', 'clinic') };
}

/** Where the arrival banner comes from: `?source=kiosk|intake`. */
export function arrivalSource(params: URLSearchParams): 'kiosk' | 'intake' | null {
  const source = params.get('source');
  return source === 'kiosk' || source === 'intake' ? source : null;
}

/** The arrival banner's text. */
export function arrivalMessage(source: 'kiosk' | 'intake'): string {
  return source === 'kiosk' ? 'New case added to the queue from the check-in kiosk.' : 'New patient added to the queue from pediatric intake.';
}
