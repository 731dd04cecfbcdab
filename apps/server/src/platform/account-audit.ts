import type { AccountDb } from './account-db.js';
import { recordAudit, type AuditEntry } from './audit.js';
import { withTenant } from './tenant-tx.js';

/**
 * Appends one audit row about an account in each of `organizationIds` (the organizations the
 * account belongs to), each in that organization's own tenant transaction. An account-wide action
 * (a password, a second factor) taken from one organization changes the person in all of theirs,
 * so each of their organizations' Admins must see it, although the actor is not their member (the
 * login role's own audit grant allows only the actor's organizations: migration 0009).
 */
export async function auditInOrganizations(
  db: AccountDb,
  organizationIds: readonly string[],
  entry: Omit<AuditEntry, 'organizationId'>,
): Promise<void> {
  for (const organizationId of new Set(organizationIds)) {
    await withTenant(db, organizationId, (tx) => recordAudit(tx, { ...entry, organizationId }));
  }
}
