import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { prepared } from '../db/tenant.js';
import { organizations, type OrganizationRow } from '../db/schema/index.js';
import { notFound } from './errors.js';

// Built once per connection ({@link prepared}): every kiosk check-in and public board resolves its
// place, the organization with its clinics (oldest first) in one statement.
const placeStatement = (tx: Tx) =>
  tx
    .select({
      ...getTableColumns(organizations),
      // Written out: Drizzle leaves a column of another table unqualified inside a selection's SQL.
      clinics: sql<Array<{ id: string; name: string }>>`(select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name)
        order by c.created_at), '[]') from clinics c where c.organization_id = organizations.id)`,
    })
    .from(organizations)
    .where(eq(organizations.id, sql.placeholder('organizationId')));

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
  const [place] = await prepared(tx, 'public_place', placeStatement).execute({ organizationId });
  if (!place || place.status !== 'active') throw notFound('Organization');
  const { clinics: rows, ...organization } = place;
  const wanted = clinicId ?? organization.id;
  // Naming the organization's own id as the clinic (the spec's default) also means its first clinic.
  const clinic = rows.find((c) => c.id === wanted) ?? (clinicId && clinicId !== organizationId ? undefined : rows[0]);
  if (!clinic) throw notFound('Clinic');
  return { organization, clinicId: clinic.id, clinicName: clinic.name };
}
