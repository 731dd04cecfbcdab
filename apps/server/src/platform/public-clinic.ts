import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { prepared } from '../db/tenant.js';
import { clinics, organizations, type OrganizationRow } from '../db/schema/index.js';
import { notFound } from './errors.js';

// Built once per connection ({@link prepared}): every kiosk check-in and public board resolves its place.
const organizationStatement = (tx: Tx) =>
  tx
    .select()
    .from(organizations)
    .where(eq(organizations.id, sql.placeholder('organizationId')));
const clinicsStatement = (tx: Tx) =>
  tx
    .select({ id: clinics.id, name: clinics.name })
    .from(clinics)
    .where(eq(clinics.organizationId, sql.placeholder('organizationId')))
    .orderBy(asc(clinics.createdAt));

/**
 * The organization and clinic a public screen (kiosk, waiting-room board) names in its URL. The
 * clinic defaults to the organization's id (the spec's 'default-clinic'), else its first clinic
 * (also when the clinic named is the organization's own id);
 * an unknown or inactive organization, or a named clinic it does not have, is a 404.
 * Call inside `withTenant(db, organizationId, ...)`.
 */
export async function resolvePublicClinic(
  tx: Tx,
  organizationId: string,
  clinicId?: string,
): Promise<{ organization: OrganizationRow; clinicId: string; clinicName: string }> {
  const [organization] = await prepared(tx, 'public_organization', organizationStatement).execute({ organizationId });
  if (!organization || organization.status !== 'active') throw notFound('Organization');
  const rows = await prepared(tx, 'public_clinics', clinicsStatement).execute({ organizationId: organization.id });
  const wanted = clinicId ?? organization.id;
  // Naming the organization's own id as the clinic (the spec's default) also means its first clinic.
  const clinic = rows.find((c) => c.id === wanted) ?? (clinicId && clinicId !== organizationId ? undefined : rows[0]);
  if (!clinic) throw notFound('Clinic');
  return { organization, clinicId: clinic.id, clinicName: clinic.name };
}
