import { and, eq, inArray, isNull, or, type AnyColumn, type SQL } from 'drizzle-orm';
import { organizationMembers, users } from '../../db/schema/index.js';
import type { RouteActor, RouteContext, RouteTenant, TenantTx } from '../../platform/route.js';

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
export async function userNames(tx: TenantTx, organizationId: string, ids: Array<string | null | undefined>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((v): v is string => !!v))];
  if (!wanted.length) return new Map();
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.organizationId, organizationId), inArray(users.id, wanted)));
  return new Map(rows.map((u) => [u.id, [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email]));
}

/** ISO text of an optional instant. */
export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
