import { eq, getTableColumns, getTableName, sql } from 'drizzle-orm';
import { drizzle, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import { npmVersion } from 'drizzle-orm/version';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { auditEvents, organizationMembers, sessions } from './schema/index.js';
import * as schema from './schema/index.js';
import { dialect, relational, transactionOver } from './tenant/drizzle.js';

/**
 * The tenant transaction driver (`db/tenant/`) builds Drizzle's transaction handles by hand from
 * classes Drizzle does not document (`tenant/drizzle.ts`) and gives them clients of its own, which
 * read what Drizzle passes them. Each test pins one thing it relies on, so that a Drizzle upgrade
 * that changes it fails here with a message naming it, not in a request.
 */
const changed = (what: string) => `drizzle-orm ${npmVersion}: ${what} (db/tenant/ relies on it)`;

/** What Drizzle passed a client's `query`, and what the client answered. */
interface Call {
  config: { name?: string; text: string; rowMode?: string; types?: { getTypeParser(oid: number, format?: string): (v: string) => unknown } };
  params: unknown[];
}

/** A client that records each call and answers with the next of `answers` (no rows once they run out). */
function recordingClient(answers: Array<{ rows: unknown[] }> = []) {
  const calls: Call[] = [];
  const client = {
    query: async (config: Call['config'], params: unknown[] = []) => {
      calls.push({ config, params });
      return answers.shift() ?? { rows: [], rowCount: 0 };
    },
  };
  return { client, calls };
}

const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
afterAll(() => pool.end());

describe('Drizzle internals the tenant driver builds on', () => {
  it('the classes and their constructors: NodePgSession(client, dialect, schema), NodePgTransaction(dialect, session, schema)', () => {
    expect(NodePgSession.length, changed('NodePgSession(client, dialect, schema, options?) takes another number of arguments')).toBe(3);
    expect(Object.getPrototypeOf(NodePgTransaction), changed('NodePgTransaction no longer extends PgTransaction directly')).toBe(PgTransaction);
    expect(PgTransaction.length, changed('PgTransaction(dialect, session, schema, nestedIndex = 0) takes another number of arguments')).toBe(3);
    expect(PgDialect.length, changed('PgDialect(config?) takes another number of arguments')).toBe(1);
  });

  it('drizzle() builds the same dialect and relational config as the driver, and keeps the pool as $client', () => {
    const db = drizzle(pool, { schema });
    expect(db.$client, changed('drizzle(pool).$client is no longer the pool: withTenant would not see the pool path')).toBe(pool);
    const internals = (db as unknown as { _: { schema: unknown; fullSchema: unknown; tableNamesMap: unknown } })._;
    expect(
      Object.keys(internals.schema as object),
      changed("drizzle()'s relational tables (db._.schema) differ from extractTablesRelationalConfig's"),
    ).toEqual(Object.keys(relational.schema));
    expect(internals.tableNamesMap, changed("drizzle()'s table names map differs from extractTablesRelationalConfig's")).toEqual(
      relational.tableNamesMap,
    );
    expect(Object.keys(relational).sort(), changed('the relational config shape')).toEqual(['fullSchema', 'schema', 'tableNamesMap']);
    const query = (handle: typeof db) => handle.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, 'u')).limit(1).toSQL();
    const { client } = recordingClient();
    expect(
      query(transactionOver(client) as unknown as typeof db),
      changed('new PgDialect() writes other SQL than the dialect drizzle() builds'),
    ).toEqual(query(db));
    expect(dialect, changed('the dialect class')).toBeInstanceOf(PgDialect);
  });

  it("a prepared select reaches the client as query({ name, text, rowMode: 'array', types }, params), its rows mapped from arrays", async () => {
    const { client, calls } = recordingClient([{ rows: [['a1', '{"k":1}', 'o1']] }]);
    const tx = transactionOver(client);
    const statement = tx
      .select({ id: auditEvents.id, details: auditEvents.details, settings: { organization: sql<string>`${auditEvents.organizationId}` } })
      .from(auditEvents)
      .where(eq(auditEvents.id, sql.placeholder('id')))
      .prepare('contract_select');
    const rows = await statement.execute({ id: 'a1' });
    expect(
      calls.length,
      changed('building and executing a statement on a hand-built transaction sends other than one query (a BEGIN of its own?)'),
    ).toBe(1);
    const [{ config, params }] = calls;
    expect(config.name, changed('the prepared statement name is no longer passed as config.name')).toBe('contract_select');
    expect(config.text, changed('config.text no longer numbers its parameters $1, $2, ...')).toMatch(/"id" = \$1/);
    expect(config.rowMode, changed("a select with fields no longer asks for rowMode 'array'")).toBe('array');
    expect(params, changed('the placeholder values are no longer passed as the second argument of query')).toEqual(['a1']);
    expect(config.types?.getTypeParser(1184, 'text')('2026-01-01 00:00:00+00'), changed('config.types no longer keeps timestamptz as text')).toBe(
      '2026-01-01 00:00:00+00',
    );
    expect(rows, changed("the answer's rows (arrays) are no longer mapped to the selection, nested objects included")).toEqual([
      { id: 'a1', details: { k: 1 }, settings: { organization: 'o1' } },
    ]);
  });

  it('a left-joined table whose row is missing maps to null (the membership of a session lookup)', async () => {
    const width = Object.keys(getTableColumns(organizationMembers)).length;
    const { client } = recordingClient([{ rows: [['s1', ...Array<null>(width).fill(null)]] }]);
    const [row] = await transactionOver(client)
      .select({ id: sessions.id, member: organizationMembers })
      .from(sessions)
      .leftJoin(organizationMembers, eq(organizationMembers.userId, sessions.userId))
      .prepare('contract_left_join')
      .execute();
    expect(row, changed('a missing left-joined row no longer maps to null')).toEqual({ id: 's1', member: null });
  });

  it('an unprepared statement and an insert reach the client with no name and no rowMode', async () => {
    const { client, calls } = recordingClient();
    const tx = transactionOver(client);
    await tx.execute(sql`select 1`);
    await tx.insert(auditEvents).values({ id: 'a1', organizationId: 'o1', action: 'contract' });
    expect(
      calls.map((c) => ({ name: c.config.name, rowMode: c.config.rowMode })),
      changed('an unprepared statement or an insert now has a name or a rowMode'),
    ).toEqual([
      { name: undefined, rowMode: undefined },
      { name: undefined, rowMode: undefined },
    ]);
    expect(calls[1].config.text, changed('an insert is no longer written as insert into "table"')).toMatch(/^insert into "audit_events" /);
  });

  it("the columns' own mapping and SQL types, as the deferred rows write them", () => {
    const columns = getTableColumns(auditEvents);
    expect(getTableName(auditEvents), changed('getTableName')).toBe('audit_events');
    expect(columns.details.name, changed("a column's .name is no longer its SQL name")).toBe('details');
    expect(columns.details.getSQLType(), changed('getSQLType() of a jsonb column')).toBe('jsonb');
    expect(columns.details.mapToDriverValue({ k: 1 }), changed('mapToDriverValue of a jsonb column no longer writes JSON text')).toBe('{"k":1}');
    expect(columns.at.getSQLType(), changed('getSQLType() of a timestamptz column')).toBe('timestamp with time zone');
    expect(columns.at.mapToDriverValue(new Date(0)), changed('mapToDriverValue of a timestamp column no longer writes ISO text')).toBe(
      '1970-01-01T00:00:00.000Z',
    );
  });
});
