import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recordAudit } from '../platform/audit.js';
import { newId } from '../platform/crypto.js';
import { rows, useTestApp } from '../test/harness.js';
import { auditEvents } from './schema/index.js';
import { literal } from './literal.js';
import { checkAtCommit, checkInCommit, deferStatement, finalRead, withTenant } from './tenant.js';

/**
 * What a tenant transaction leaves for its end: checks (`checkAtCommit`: once per key, after the
 * work, before the COMMIT; `checkInCommit`: in SQL, in the COMMIT's message) and statements sent
 * with the COMMIT (`deferStatement`).
 */
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
        (h) =>
          h
            .select({ action: auditEvents.action })
            .from(auditEvents)
            .where(eq(auditEvents.action, sql.placeholder('action'))),
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

describe('deferStatement', () => {
  const insertText = (action: string) =>
    `insert into audit_events (id, organization_id, action) values (${literal(newId())}, ${literal(ORG)}, ${literal(action)})`;

  it('runs the statement with the COMMIT, after the work, and not before', async () => {
    const inside = await withTenant(t.appDatabase.db, ORG, async (tx) => {
      await deferStatement(tx, insertText('statement.deferred'));
      await tx.insert(auditEvents).values({ id: newId(), organizationId: ORG, action: 'statement.direct' });
      return written(tx, 'statement.');
    });
    expect(inside).toEqual(['statement.direct']);
    expect(await actions('statement.')).toEqual(['statement.deferred', 'statement.direct']);
  });

  it('runs nothing when the transaction fails', async () => {
    await expect(
      withTenant(t.appDatabase.db, ORG, async (tx) => {
        await deferStatement(tx, insertText('dropped.deferred'));
        throw new Error('handler failed');
      }),
    ).rejects.toThrow('handler failed');
    expect(await actions('dropped.')).toEqual([]);
  });

  it('goes with a final read that writes its rows only if found', async () => {
    await withTenant(t.appDatabase.db, ORG, async (tx) => {
      await recordAudit(tx, entry('with-final.audit'));
      await deferStatement(tx, insertText('with-final.statement'));
      await finalRead(
        tx,
        'deferred_steps_final',
        (h) =>
          h
            .select({ action: auditEvents.action })
            .from(auditEvents)
            .where(eq(auditEvents.organizationId, sql.placeholder('org'))),
        { org: ORG },
        'if-found',
      );
    });
    expect(await actions('with-final.')).toEqual(['with-final.audit', 'with-final.statement']);
  });
});

describe('checkInCommit', () => {
  /** A check in SQL that raises (SQLSTATE CF999) once an audit row of `action` exists: it sees the deferred rows. */
  const refuseOnce = (action: string) =>
    `do $$ begin if exists (select 1 from audit_events where action = ${literal(action)}) then ` +
    `raise exception 'refused' using errcode = 'CF999'; end if; end $$`;
  /** The driver's error, or Drizzle's with the driver's as its cause. */
  const codeOf = (err: unknown) => {
    const e = err as { code?: string; cause?: { code?: string } };
    return e.code ?? e.cause?.code;
  };
  const refusal = (err: unknown) => (codeOf(err) === 'CF999' ? new Error('told as a refusal') : null);

  it('runs after the deferred rows, and its error is thrown as the refusal with nothing written', async () => {
    await expect(
      withTenant(t.appDatabase.db, ORG, async (tx) => {
        await checkInCommit(tx, 'room', refuseOnce('sql-refused.audit'), refusal);
        await tx.insert(auditEvents).values({ id: newId(), organizationId: ORG, action: 'sql-refused.direct' });
        await recordAudit(tx, entry('sql-refused.audit'));
      }),
    ).rejects.toThrow('told as a refusal');
    expect(await actions('sql-refused.')).toEqual([]);
  });

  it('lets the transaction commit when it passes, sent once per key', async () => {
    await withTenant(t.appDatabase.db, ORG, async (tx) => {
      await checkInCommit(tx, 'room', refuseOnce('sql-passed.never'), refusal);
      await checkInCommit(tx, 'room', 'select 1/0', refusal);
      await recordAudit(tx, entry('sql-passed.audit'));
    });
    expect(await actions('sql-passed.')).toEqual(['sql-passed.audit']);
  });

  it('goes with a final read, whose failure is then the refusal', async () => {
    await expect(
      withTenant(t.appDatabase.db, ORG, async (tx) => {
        await recordAudit(tx, entry('sql-final.audit'));
        await checkInCommit(tx, 'room', refuseOnce('sql-final.audit'), refusal);
        await finalRead(
          tx,
          'sql_checks_final',
          (h) =>
            h
              .select({ action: auditEvents.action })
              .from(auditEvents)
              .where(eq(auditEvents.organizationId, sql.placeholder('org'))),
          { org: ORG },
          'always',
        );
      }),
    ).rejects.toThrow('told as a refusal');
    expect(await actions('sql-final.')).toEqual([]);
  });
});
