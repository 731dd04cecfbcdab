import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { rows, useTestApp } from '../../test/harness.js';
import type { Tx } from '../client.js';
import { withTenant } from '../tenant.js';
import { withRepeatedName } from './statement-names.js';

const connection = () => ({}) as pg.PoolClient;
const statement = (text: string) => ({ text, rowMode: 'array' as const });

describe('withRepeatedName', () => {
  it('names a text with bound values from its second sending on, the same name for the same text, leaving the given config as it was', () => {
    const on = connection();
    const config = statement('select $1::int as first_sent');
    expect(withRepeatedName(on, config, [1])).toBe(config);
    const second = withRepeatedName(on, config, [2]);
    expect(second).toEqual({ ...config, name: expect.stringMatching(/^r_[0-9a-f]{24}$/) });
    expect(config).toEqual(statement('select $1::int as first_sent'));
    expect(withRepeatedName(connection(), statement('select $1::int as first_sent'), [3]).name).toBe(second.name);
    expect(withRepeatedName(on, statement('select $1::int as other_text'), [1]).name).toBeUndefined();
    expect(withRepeatedName(on, statement('select $1::int as other_text'), [1]).name).not.toBe(second.name);
  });

  it('never names a text without bound values, one already named, or one SQL PREPARE refuses', () => {
    const on = connection();
    for (let i = 0; i < 3; i++) {
      expect(withRepeatedName(on, statement("insert into t values ('a')"), []).name).toBeUndefined();
      expect(withRepeatedName(on, statement('select 1'), undefined).name).toBeUndefined();
      expect(withRepeatedName(on, { ...statement('select $1::int'), name: 'mine' }, [1]).name).toBe('mine');
      expect(withRepeatedName(on, statement('explain select $1::int'), [1]).name).toBeUndefined();
      expect(withRepeatedName(on, statement('set local work_mem = $1'), [1]).name).toBeUndefined();
    }
    withRepeatedName(on, statement('  (select $1::int) union all (select 2)'), [1]);
    expect(withRepeatedName(on, statement('  (select $1::int) union all (select 2)'), [1]).name).toMatch(/^r_/);
  });

  it('gives one connection at most 512 names; further texts go unnamed there, named on another connection', () => {
    const on = connection();
    const texts = Array.from({ length: 513 }, (_, i) => `select $1::int as n${i}`);
    for (const text of texts) withRepeatedName(on, statement(text), [1]);
    const named = texts.map((text) => withRepeatedName(on, statement(text), [1]).name);
    expect(named.slice(0, 512).every((name) => name?.startsWith('r_'))).toBe(true);
    expect(named[512]).toBeUndefined();
    expect(withRepeatedName(connection(), statement(texts[512]), [1]).name).toMatch(/^r_/);
    // A name the connection holds already is still given.
    expect(withRepeatedName(on, statement(texts[0]), [1]).name).toBe(named[0]);
  });
});

describe.runIf(process.env.DATABASE_URL)('repeated statements on PostgreSQL', () => {
  const t = useTestApp({ seed: false });
  const ORG = 'statement-names-org';
  const probe = (tx: Tx, n: number) =>
    rows<{ n: number; role: string; org: string }>(
      tx as never,
      sql`select ${n}::int as n, current_user as role, current_setting('app.organization_id') as org /* probe */`,
    );
  const preparedHere = (tx: Tx) =>
    rows<{ name: string }>(tx as never, sql`select name from pg_prepared_statements where statement like ${'%/* probe */%'} order by name`);

  it('prepares a statement sent again on its connection, also when it opens the transaction, with its answers unchanged', async () => {
    const seen = await withTenant(t.appDatabase.db, ORG, async (tx) => {
      const answers = [await probe(tx, 1), await probe(tx, 2), await probe(tx, 3)];
      return { answers, prepared: await preparedHere(tx) };
    });
    expect(seen.answers.flat()).toEqual([1, 2, 3].map((n) => ({ n, role: 'clinic_app', org: ORG })));
    expect(seen.prepared.map((p) => p.name)).toEqual([expect.stringMatching(/^r_/)]);

    // As a transaction's first statement it travels with BEGIN, prepared by SQL PREPARE.
    for (let round = 0; round < 3; round++) {
      const first = await withTenant(t.appDatabase.db, ORG, async (tx) => ({
        answer: await probe(tx, 10 + round),
        prepared: await preparedHere(tx),
      }));
      expect(first.answer).toEqual([{ n: 10 + round, role: 'clinic_app', org: ORG }]);
      expect(first.prepared.map((p) => p.name)).toContain(`open_${seen.prepared[0].name}`);
    }
  });
});
