import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { recordAudit } from '../platform/audit.js';
import { newId } from '../platform/crypto.js';
import { rows, useTestApp } from '../test/harness.js';
import { auditEvents } from './schema/index.js';
import type { Tx } from './client.js';
import { deferInsert, finalRead, prepared, tenantSettings, withTenant, withLookedUpTenant } from './tenant.js';

/**
 * The tenant transaction writes its audit rows with its COMMIT (one round trip on PostgreSQL):
 * they commit exactly when the transaction's other work does.
 */
const t = useTestApp({ seed: false });

const ORG = 'tenant-tx-org';
/** The pool's own behaviour (a transaction opened with its first statement) is PostgreSQL's. */
const onPostgres = Boolean(process.env.DATABASE_URL);
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

  it.runIf(onPostgres)('runs statements asked for at once, before the transaction has opened, all inside it', async () => {
    const probe = (tx: Tx) =>
      rows<{ role: string; org: string; open: boolean }>(
        tx as never,
        sql`select current_user as role, current_setting('app.organization_id') as org, now() = statement_timestamp() as open`,
      );
    for (let round = 0; round < 5; round++) {
      const seen = await withTenant(t.appDatabase.db, ORG, (tx) => Promise.all([probe(tx), probe(tx), probe(tx)]));
      // now() is the transaction's start: a statement run outside it would see its own start there.
      expect(seen.map(([r]) => r)).toEqual(Array(3).fill({ role: 'clinic_app', org: ORG, open: false }));
    }
  });

  it.runIf(onPostgres)('sends statements asked for at once one at a time, each once the one before it is answered, in order', async () => {
    // node-postgres queues a statement asked for while its connection is busy, a use it deprecates:
    // its queue is looked at with a statement in it while another one runs.
    const prototype = pg.Client.prototype as unknown as { _pulseQueryQueue: (...args: unknown[]) => unknown };
    const original = prototype._pulseQueryQueue;
    let whileBusy = 0;
    prototype._pulseQueryQueue = function (this: { _activeQuery?: unknown; _queryQueue: unknown[] }, ...args: unknown[]) {
      if (this._activeQuery && this._queryQueue.length > 0) whileBusy += 1;
      return original.apply(this, args);
    };
    try {
      for (let round = 0; round < 3; round++) {
        const seen = await withTenant(t.appDatabase.db, ORG, (tx) =>
          Promise.all([1, 2, 3, 4].map(async (n) => (await rows<{ n: number }>(tx as never, sql`select ${n}::int as n`))[0].n)),
        );
        expect(seen).toEqual([1, 2, 3, 4]);
      }
    } finally {
      prototype._pulseQueryQueue = original;
    }
    expect(whileBusy).toBe(0);
  });

  it('sends a prepared statement that is the first of the transaction with the opening, its values unchanged', async () => {
    const tricky = "it's \\ 'quoted' $1 ); rollback; --";
    for (let round = 0; round < 3; round++) {
      const [row] = await withTenant(t.appDatabase.db, ORG, (tx) =>
        prepared(tx, 'tenant_test_first', (h) =>
          h
            .select({
              v: sql<string>`${sql.placeholder('v')}::text`,
              n: sql<number>`${sql.placeholder('n')}::int`,
              role: sql<string>`current_user`,
              org: sql<string>`current_setting('app.organization_id')`,
            })
            .from(sql`(select 1) as one`),
        ).execute({ v: tricky, n: 7 }),
      );
      expect(row).toEqual({ v: tricky, n: 7, role: 'clinic_app', org: ORG });
    }
  });

  it.runIf(onPostgres)(
    'a transaction that sends nothing leaves the connection outside any transaction; deferred rows alone are written',
    async () => {
      expect(await withTenant(t.appDatabase.db, ORG, async () => 'nothing')).toBe('nothing');
      await withTenant(t.appDatabase.db, ORG, (tx) => recordAudit(tx, entry('only-deferred.a')));
      expect(await actions('only-deferred.')).toEqual(['only-deferred.a']);
      await expect(
        withTenant(t.appDatabase.db, ORG, async (tx) => {
          await recordAudit(tx, entry('unsent-failed.a'));
          throw new Error('failed before any statement');
        }),
      ).rejects.toThrow('failed before any statement');
      expect(await actions('unsent-failed.')).toEqual([]);
      const [outside] = await rows<{ role: string; open: boolean }>(
        t.appDatabase.db,
        sql`select current_user as role, now() = statement_timestamp() as open`,
      );
      expect(outside).toEqual({ role: 'clinic_server', open: true });
    },
  );

  it('keeps an organization id that would break out of its literal inside it', async () => {
    const tricky = "x', true), set_config('role', 'postgres', true), set_config('a.b', '";
    const [read] = await withTenant(t.appDatabase.db, tricky, (tx) =>
      rows<{ role: string; org: string }>(tx as never, sql`select current_user as role, current_setting('app.organization_id') as org`),
    );
    expect(read).toEqual({ role: 'clinic_app', org: tricky });
  });
});

describe('deferred rows', () => {
  it('are written with every value as it was given: quotes, backslashes, JSON and dates', async () => {
    const details = { text: 'O\'Brien \\ back\\slash "quoted" $1 Zoë 山田', nested: { list: [1, 'two', null] } };
    const at = new Date('2026-11-23T09:00:00.123Z');
    await withTenant(t.appDatabase.db, ORG, async (tx) => {
      await recordAudit(tx, { ...entry('values.kept'), ip: "1.2.3.4'", details });
      await deferInsert(tx, auditEvents, { id: newId(), organizationId: ORG, action: 'values.dated', at });
    });
    const read = await rows<{ action: string; ip: string | null; details: unknown; at: Date }>(
      t.database.db,
      sql`select action, ip, details, at from audit_events where action like 'values.%' order by action`,
    );
    expect(read.map((r) => r.action)).toEqual(['values.dated', 'values.kept']);
    expect(read[1].details).toEqual(details);
    expect(read[1].ip).toBe("1.2.3.4'");
    expect(new Date(read[0].at).toISOString()).toBe(at.toISOString());
  });
});

describe('withLookedUpTenant', () => {
  /** A lookup of one row that sets `app.organization_id` to its `organizationId` placeholder. */
  const lookupOf = (admit: (row: { settings: { organization: string | null } } | undefined) => string, organizationId = ORG) => ({
    name: 'test_tenant_lookup',
    build: (handle: Tx) =>
      handle
        .select({ settings: tenantSettings(sql`${sql.placeholder('organizationId')}::text`) })
        .from(sql`(select 1) as one`)
        .limit(1),
    values: { organizationId },
    admit,
  });
  const settingsOf = (tx: Tx) =>
    rows<{ role: string; org: string | null }>(
      tx as never,
      sql`select current_user as role, nullif(current_setting('app.organization_id', true), '') as org`,
    );
  const outside = async () => (await settingsOf(t.appDatabase.db as never))[0];

  it('runs the work as clinic_app in the organization the lookup set and admit chose', async () => {
    for (let i = 0; i < 3; i += 1) {
      // Again on the same connections: the statement is prepared once per connection.
      const [inside] = await withLookedUpTenant(
        t.appDatabase.db,
        lookupOf(() => ORG),
        (tx) => settingsOf(tx),
      );
      expect(inside).toEqual({ role: 'clinic_app', org: ORG });
    }
    expect(await outside()).toEqual({ role: 'clinic_server', org: null });
  });

  it('runs nothing when admit refuses, and leaves the connection as it was', async () => {
    let ran = false;
    await expect(
      withLookedUpTenant(
        t.appDatabase.db,
        lookupOf(() => {
          throw new Error('refused');
        }),
        async () => {
          ran = true;
        },
      ),
    ).rejects.toThrow('refused');
    expect(ran).toBe(false);
    expect(await outside()).toEqual({ role: 'clinic_server', org: null });
  });

  it('refuses an organization other than the one the lookup set', async () => {
    await expect(
      withLookedUpTenant(
        t.appDatabase.db,
        lookupOf(() => 'someone-else'),
        async () => 'ran',
      ),
    ).rejects.toThrow(/did not set the admitted organization/);
    expect(await outside()).toEqual({ role: 'clinic_server', org: null });
  });

  it('keeps an organization id that would break out of its literal inside it', async () => {
    const tricky = "x', true); set role postgres; select set_config('a.b', '";
    const [inside] = await withLookedUpTenant(
      t.appDatabase.db,
      lookupOf(() => tricky, tricky),
      (tx) => settingsOf(tx),
    );
    expect(inside).toEqual({ role: 'clinic_app', org: tricky });
  });
});

describe('finalRead', () => {
  /** The action of the audit row of `action` in ORG, if there is one. */
  const readAction = (tx: Tx) =>
    tx
      .select({ action: auditEvents.action, organizationId: auditEvents.organizationId })
      .from(auditEvents)
      .where(eq(auditEvents.action, sql.placeholder('action')))
      .limit(1);
  const marker = async (action: string) =>
    withTenant(t.appDatabase.db, ORG, async (tx) => {
      await tx.insert(auditEvents).values({ id: newId(), organizationId: ORG, action });
    });

  it('with if-found, returns the row and writes the audit rows recorded before it, again and again on the same connections', async () => {
    await marker('final.target');
    for (let i = 0; i < 4; i += 1) {
      const read = await withTenant(t.appDatabase.db, ORG, async (tx) => {
        await recordAudit(tx, { ...entry(`final.found-${i}`), details: { quote: "it's", i } });
        return finalRead(tx, 'test_final_read', readAction, { action: 'final.target' }, 'if-found');
      });
      expect(read).toEqual([{ action: 'final.target', organizationId: ORG }]);
    }
    expect(await actions('final.found-')).toEqual(['final.found-0', 'final.found-1', 'final.found-2', 'final.found-3']);
  });

  it('with if-found, writes none of them when the read finds nothing, but commits what the work wrote itself', async () => {
    const read = await withTenant(t.appDatabase.db, ORG, async (tx) => {
      await tx.insert(auditEvents).values({ id: newId(), organizationId: ORG, action: 'final.missing-direct' });
      await recordAudit(tx, entry('final.missing-audit-a'));
      await recordAudit(tx, entry('final.missing-audit-b'));
      return finalRead(tx, 'test_final_read', readAction, { action: 'final.nothing-like-it' }, 'if-found');
    });
    expect(read).toEqual([]);
    expect(await actions('final.missing-')).toEqual(['final.missing-direct']);
  });

  it('with always, writes them whatever the read returns', async () => {
    const read = await withTenant(t.appDatabase.db, ORG, async (tx) => {
      await recordAudit(tx, entry('final.always'));
      return finalRead(tx, 'test_final_read', readAction, { action: 'final.nothing-like-it' }, 'always');
    });
    expect(read).toEqual([]);
    expect(await actions('final.always')).toEqual(['final.always']);
  });

  it('keeps values that would break out of their literals inside them', async () => {
    const tricky = "final.x'); commit; set role postgres; select ('";
    await marker(tricky);
    const read = await withTenant(t.appDatabase.db, ORG, async (tx) => {
      await recordAudit(tx, { ...entry('final.tricky-audit'), ip: "1.2.3.4'); --" });
      return finalRead(tx, 'test_final_read', readAction, { action: tricky }, 'if-found');
    });
    expect(read).toEqual([{ action: tricky, organizationId: ORG }]);
    const [audit] = await rows<{ ip: string }>(t.database.db, sql`select ip from audit_events where action = 'final.tricky-audit'`);
    expect(audit.ip).toBe("1.2.3.4'); --");
  });

  it.runIf(onPostgres)('runs the read on its generic plan, and only the read: the next transaction plans as before', async () => {
    const readPlanMode = (tx: Tx) =>
      tx
        .select({ mode: sql<string>`current_setting('plan_cache_mode')`, action: auditEvents.action })
        .from(auditEvents)
        .where(eq(auditEvents.action, sql.placeholder('action')))
        .limit(1);
    await marker('final.plan-mode');
    for (let i = 0; i < 7; i += 1) {
      const read = await withTenant(t.appDatabase.db, ORG, (tx) =>
        finalRead(tx, 'test_final_plan_mode', readPlanMode, { action: 'final.plan-mode' }, 'always'),
      );
      expect(read).toEqual([{ mode: 'force_generic_plan', action: 'final.plan-mode' }]);
      const [after] = await withTenant(t.appDatabase.db, ORG, (tx) =>
        rows<{ mode: string }>(tx as never, sql`select current_setting('plan_cache_mode') as mode`),
      );
      expect(after.mode).toBe('auto');
    }
  });

  it('a read that fails writes nothing, and the connection stays usable', async () => {
    const failing = (tx: Tx) =>
      tx
        .select({ n: sql<number>`(${sql.placeholder('n')})::int` })
        .from(sql`(select 1) as one`)
        .limit(1);
    await expect(
      withTenant(t.appDatabase.db, ORG, async (tx) => {
        await tx.insert(auditEvents).values({ id: newId(), organizationId: ORG, action: 'final.failed-direct' });
        await recordAudit(tx, entry('final.failed-audit'));
        return finalRead(tx, 'test_final_failing', failing, { n: 'not a number' }, 'always');
      }),
    ).rejects.toThrow();
    expect(await actions('final.failed-')).toEqual([]);
    for (let i = 0; i < 12; i += 1) {
      const [inside] = await withTenant(t.appDatabase.db, ORG, (tx) =>
        rows<{ role: string; org: string }>(tx as never, sql`select current_user as role, current_setting('app.organization_id') as org`),
      );
      expect(inside).toEqual({ role: 'clinic_app', org: ORG });
    }
  });

  /** One row whose field `learned` is what an audit row learns from the read: the rows matching `action`, counted. */
  const readCount = (tx: Tx) =>
    tx
      .select({
        n: sql<number>`count(*)::int`,
        learned: sql<Record<string, unknown>>`jsonb_build_object('matched', count(*), 'note', 'it''s')`.as('learned'),
      })
      .from(auditEvents)
      .where(eq(auditEvents.action, sql.placeholder('action')));

  it('with details, completes the last audit row with what the read learned, keeping what it held', async () => {
    await marker('final.counted');
    await marker('final.counted');
    for (let i = 0; i < 3; i += 1) {
      const [read] = await withTenant(t.appDatabase.db, ORG, async (tx) => {
        await recordAudit(tx, entry(`final.details-before-${i}`));
        await recordAudit(tx, { ...entry(`final.details-${i}`), details: { i, note: 'kept' } });
        return finalRead(tx, 'test_final_count', readCount, { action: 'final.counted' }, { details: 'learned' });
      });
      expect(read.n).toBe(2);
    }
    const written = await rows<{ action: string; details: unknown }>(
      t.database.db,
      sql`select action, details from audit_events where action like 'final.details-%' order by action`,
    );
    expect(written).toEqual([
      { action: 'final.details-0', details: { i: 0, note: "it's", matched: 2 } },
      { action: 'final.details-1', details: { i: 1, note: "it's", matched: 2 } },
      { action: 'final.details-2', details: { i: 2, note: "it's", matched: 2 } },
      ...[0, 1, 2].map((i) => ({ action: `final.details-before-${i}`, details: null })),
    ]);
  });

  it('with details, completes a row recorded without details, and refuses a transaction that recorded none', async () => {
    await withTenant(t.appDatabase.db, ORG, async (tx) => {
      await recordAudit(tx, entry('final.bare'));
      return finalRead(tx, 'test_final_count', readCount, { action: 'final.nothing-like-it' }, { details: 'learned' });
    });
    expect(await rows(t.database.db, sql`select details from audit_events where action = 'final.bare'`)).toEqual([
      { details: { matched: 0, note: "it's" } },
    ]);
    await expect(
      withTenant(t.appDatabase.db, ORG, (tx) => finalRead(tx, 'test_final_count', readCount, { action: 'final.bare' }, { details: 'learned' })),
    ).rejects.toThrow(/nothing deferred has details/);
  });

  it('with details, a read of more than one row fails and writes nothing', async () => {
    const twoRows = (tx: Tx) =>
      tx
        .select({ learned: sql<Record<string, unknown>>`jsonb_build_object('action', ${auditEvents.action})`.as('learned') })
        .from(auditEvents)
        .where(eq(auditEvents.action, sql.placeholder('action')));
    await marker('final.twice');
    await marker('final.twice');
    await expect(
      withTenant(t.appDatabase.db, ORG, async (tx) => {
        await tx.insert(auditEvents).values({ id: newId(), organizationId: ORG, action: 'final.two-direct' });
        await recordAudit(tx, entry('final.two-audit'));
        return finalRead(tx, 'test_final_two', twoRows, { action: 'final.twice' }, { details: 'learned' });
      }),
    ).rejects.toThrow();
    expect(await actions('final.two-')).toEqual([]);
  });

  it.runIf(onPostgres)('refuses a statement after it: it would run outside the transaction, as the login role', async () => {
    const failure = await withTenant(t.appDatabase.db, ORG, async (tx) => {
      await finalRead(tx, 'test_final_read', readAction, { action: 'final.nothing-like-it' }, 'always');
      await tx.insert(auditEvents).values({ id: newId(), organizationId: ORG, action: 'final.after-commit' });
    }).catch((err: Error) => err);
    // Drizzle wraps the client's error in its own ("Failed query: ...").
    expect((failure as Error & { cause?: Error }).cause?.message).toMatch(/already committed/);
    expect(await actions('final.after-commit')).toEqual([]);
  });
});
