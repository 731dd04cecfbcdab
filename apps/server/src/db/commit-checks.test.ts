import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recordAudit } from '../platform/audit.js';
import { newId } from '../platform/crypto.js';
import { rows, useTestApp } from '../test/harness.js';
import { auditEvents } from './schema/index.js';
import { checkAtCommit, finalRead, withTenant } from './tenant.js';

/** Checks left for the end of a tenant transaction (`checkAtCommit`): once per key, after the work, before the COMMIT. */
const t = useTestApp({ seed: false });

const ORG = 'commit-checks-org';
const entry = (action: string) => ({ organizationId: ORG, actorUserId: null, action, entityType: 'test', entityId: newId() });
const actions = async (prefix: string) =>
  (await rows<{ action: string }>(t.database.db, sql`select action from audit_events where action like ${`${prefix}%`} order by action`)).map(
    (r) => r.action,
  );
const written = (tx: Parameters<Parameters<typeof withTenant>[2]>[0], prefix: string) =>
  tx
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(sql`${auditEvents.action} like ${`${prefix}%`}`)
    .then((r) => r.map((row) => row.action).sort());

describe('checkAtCommit', () => {
  it('runs each key once, after all the work, in the transaction, and the work commits', async () => {
    const seen: string[][] = [];
    await withTenant(t.appDatabase.db, ORG, async (tx) => {
      const check = async () => void seen.push(await written(tx, 'checked.'));
      await checkAtCommit(tx, 'room', check);
      await tx.insert(auditEvents).values({ id: newId(), organizationId: ORG, action: 'checked.first' });
      await checkAtCommit(tx, 'room', check);
      await tx.insert(auditEvents).values({ id: newId(), organizationId: ORG, action: 'checked.second' });
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([['checked.first', 'checked.second']]);
    expect(await actions('checked.')).toEqual(['checked.first', 'checked.second']);
  });

  it('a check that throws rolls the whole transaction back, deferred rows too', async () => {
    await expect(
      withTenant(t.appDatabase.db, ORG, async (tx) => {
        await recordAudit(tx, entry('refused.audit'));
        await tx.insert(auditEvents).values({ id: newId(), organizationId: ORG, action: 'refused.direct' });
        await checkAtCommit(tx, 'room', async () => {
          throw new Error('over the limit');
        });
      }),
    ).rejects.toThrow('over the limit');
    expect(await actions('refused.')).toEqual([]);
  });

  it('runs before a final read, which then commits', async () => {
    const order: string[] = [];
    const read = await withTenant(t.appDatabase.db, ORG, async (tx) => {
      await tx.insert(auditEvents).values({ id: newId(), organizationId: ORG, action: 'final.direct' });
      await checkAtCommit(tx, 'room', async () => void order.push(`check saw ${(await written(tx, 'final.')).join()}`));
      const found = await finalRead(
        tx,
        'commit_checks_final',
        (h) => h.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.action, sql.placeholder('action'))),
        { action: 'final.direct' },
        'always',
      );
      order.push('read');
      return found;
    });
    expect(order).toEqual(['check saw final.direct', 'read']);
    expect(read).toEqual([{ action: 'final.direct' }]);
    expect(await actions('final.')).toEqual(['final.direct']);
  });

  it('outside a tenant transaction runs at once', async () => {
    let ran = false;
    await checkAtCommit(t.database.db, 'room', async () => {
      ran = true;
    });
    expect(ran).toBe(true);
  });
});
