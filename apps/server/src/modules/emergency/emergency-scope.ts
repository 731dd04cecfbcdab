import { eq, isNull, or, type AnyColumn, type SQL } from 'drizzle-orm';
import type { RouteActor, RouteContext, RouteTenant, TenantTx } from '../../platform/route/index.js';
import { memberNames } from '../members/index.js';

/** A tenant route's or a public route's context: what a scoring needs, from the kiosk or the staff queue. */
export type EmergencyContext = RouteContext<RouteTenant, RouteActor>;

/** What a read needs: the transaction and the organization and clinic it is about. */
export interface EmergencyReader {
  tx: TenantTx;
  tenant: Pick<RouteTenant, 'organizationId' | 'clinicId' | 'timeZone' | 'organization'>;
}

/** Rows of the request's clinic (all clinics without one). */
export function inClinic(column: AnyColumn, clinicId: string | null): SQL | undefined {
  return clinicId ? eq(column, clinicId) : undefined;
}

/** Rows of the request's clinic, and those of no clinic (raised for the whole organization). */
export function inClinicOrOrganization(column: AnyColumn, clinicId: string | null): SQL | undefined {
  return clinicId ? or(eq(column, clinicId), isNull(column)) : undefined;
}

/** Display names of users of the organization, by user id ("First Last", else the e-mail). */
export function userNames(tx: TenantTx, organizationId: string, ids: Array<string | null | undefined>): Promise<Map<string, string>> {
  return memberNames(tx, organizationId, ids, 'user');
}

/** ISO text of an optional instant. */
export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
