import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recordAudit } from '../platform/audit.js';
import { newId } from '../platform/crypto.js';
import { rows, useTestApp } from '../test/harness.js';
import { auditEvents } from './schema/index.js';
import { withTenant } from './tenant.js';

/**
 * The tenant transaction writes its audit rows with its COMMIT (one round trip on PostgreSQL):
 * they commit exactly when the transaction's other work does.
 */
const t = useTestApp({ seed: false });

const ORG = 'tenant-tx-org';
const entry = (action: string, organizationId = ORG) => ({ organizationId, actorUserId: null, action, entityType: 'test', entityId: newId() });
const actions = async (prefix: string) =>
  (await rows<{ action: string }>(t.database.db, sql`select action from audit_events where action like ${`${prefix}%`} order by action`)).map(
    (r) => r.action,
  );

describe('withTenant', () => {
  it('writes the deferred rows with the commit, in the organization, next to what the transaction wrote itself', async () => {
    const seen = await withTenant(t.appDatabase.db, ORG, async (tx) => {
      await recordAudit(tx, entry('deferred.a'));
      await tx.insert(auditEvents).values({ id: newId(), organizationId: ORG, action: 'deferred.direct' });
      await recordAudit(tx, entry('deferred.b'));
      // Deferred: not in the table yet, inside the transaction either.
      return (await tx.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.organizationId, ORG))).map((r) => r.action);
    });
    expect(seen).toEqual(['deferred.direct']);
    expect(await actions('deferred.')).toEqual(['deferred.a', 'deferred.b', 'deferred.direct']);
  });

  it('writes nothing when the work fails', async () => {
    await expect(
      withTenant(t.appDatabase.db, ORG, async (tx) => {
        await recordAudit(tx, entry('failed-work.audit'));
        await tx.insert(auditEvents).values({ id: newId(), organizationId: ORG, action: 'failed-work.direct' });
        throw new Error('handler failed');
      }),
    ).rejects.toThrow('handler failed');
    expect(await actions('failed-work.')).toEqual([]);
  });

  it('a deferred row that row level security refuses fails the whole transaction', async () => {
    await expect(
      withTenant(t.appDatabase.db, ORG, async (tx) => {
        await tx.insert(auditEvents).values({ id: newId(), organizationId: ORG, action: 'refused.direct' });
        await recordAudit(tx, entry('refused.other-organization', 'someone-else'));
        return 'answered';
      }),
    ).rejects.toThrow();
    expect(await actions('refused.')).toEqual([]);
    // The connection went back to the pool usable, outside any transaction and role.
    const [after] = await withTenant(t.appDatabase.db, ORG, (tx) =>
      rows<{ role: string; org: string }>(tx as never, sql`select current_user as role, current_setting('app.organization_id') as org`),
    );
    expect(after).toEqual({ role: 'clinic_app', org: ORG });
    const [outside] = await rows<{ role: string; org: string | null }>(
      t.appDatabase.db,
      sql`select current_user as role, nullif(current_setting('app.organization_id', true), '') as org`,
    );
    expect(outside).toEqual({ role: 'clinic_server', org: null });
  });

  it('keeps an organization id that would break out of its literal inside it', async () => {
    const tricky = "x', true), set_config('role', 'postgres', true), set_config('a.b', '";
    const [read] = await withTenant(t.appDatabase.db, tricky, (tx) =>
      rows<{ role: string; org: string }>(tx as never, sql`select current_user as role, current_setting('app.organization_id') as org`),
    );
    expect(read).toEqual({ role: 'clinic_app', org: tricky });
  });
});
