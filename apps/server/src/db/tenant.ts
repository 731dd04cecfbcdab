import { createTableRelationsHelpers, extractTablesRelationalConfig, getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { AppDb, Tx } from './client.js';
import { literal, type LiteralValue } from './literal.js';
import * as schema from './schema/index.js';

/** What a tenant transaction writes with its COMMIT ({@link deferInsert}): rows by table, and what to run once committed. */
interface Deferred {
  rows: Map<PgTable, Record<string, unknown>[]>;
  committed: Array<() => void>;
}
const deferredOf = new WeakMap<object, Deferred>();
const newDeferred = (): Deferred => ({ rows: new Map(), committed: [] });

/**
 * Inserts `row` into `table` at the end of the tenant transaction `tx`, in the same round trip as
 * its COMMIT (one multi-row INSERT per table, before the COMMIT: a failed insert fails the
 * transaction, as it would have at once). Outside a transaction opened by {@link withTenant}
 * (the database itself, a savepoint) the row is inserted at once. For append-only rows nothing in
 * the transaction reads back: audit events. `written` runs once the row is in the database.
 */
export async function deferInsert<T extends PgTable>(handle: AppDb | Tx, table: T, row: T['$inferInsert'], written?: () => void): Promise<void> {
  const deferred = deferredOf.get(handle);
  if (!deferred) {
    await handle.insert(table).values(row);
    written?.();
    return;
  }
  const rows = deferred.rows.get(table);
  if (rows) rows.push(row);
  else deferred.rows.set(table, [row]);
  if (written) deferred.committed.push(written);
}

/** The deferred rows of `tx` as INSERT statements (Drizzle's, unexecuted), emptied. */
function takeDeferred(tx: Tx) {
  const deferred = deferredOf.get(tx);
  if (!deferred || deferred.rows.size === 0) return [];
  const inserts = [...deferred.rows].map(([table, rows]) => tx.insert(table).values(rows));
  deferred.rows.clear();
  return inserts;
}

/**
 * The deferred rows of `tx` as the text of INSERT statements with literal values, emptied: one
 * multi-row INSERT per table, each value written by its column's own mapping (JSON for `jsonb`,
 * ISO text for a timestamp) and then as a literal; a field a row leaves out gets its column's
 * default. Written here rather than by Drizzle's query builder, which cost more than the rest of
 * the commit (docs/performance.md).
 */
function takeDeferredText(tx: Tx): string[] {
  const deferred = deferredOf.get(tx);
  if (!deferred || deferred.rows.size === 0) return [];
  const statements: string[] = [];
  for (const [table, rows] of deferred.rows) {
    const columns = getTableColumns(table);
    const keys = Object.keys(columns).filter((key) => rows.some((row) => row[key] !== undefined));
    const names = keys.map((key) => pg.escapeIdentifier(columns[key].name)).join(', ');
    const values = rows.map(
      (row) =>
        `(${keys.map((key) => (row[key] === undefined ? 'default' : literal(columns[key].mapToDriverValue(row[key]) as LiteralValue))).join(', ')})`,
    );
    statements.push(`insert into ${pg.escapeIdentifier(getTableName(table))} (${names}) values ${values.join(', ')}`);
  }
  deferred.rows.clear();
  return statements;
}

/** Runs what waited for the commit of `tx`. */
function committed(tx: Tx): void {
  for (const fn of deferredOf.get(tx)?.committed.splice(0) ?? []) fn();
}

/** The pooled connection of each transaction {@link withTenant} opened on PostgreSQL. */
const connectionOf = new WeakMap<object, pg.PoolClient>();
/** The Drizzle transaction handle of each pooled connection ({@link withTenantOnPool}). */
const transactionOn = new WeakMap<pg.PoolClient, Tx>();
/** Statements built and prepared once per connection ({@link prepared}), by name. */
const preparedOn = new WeakMap<pg.PoolClient, Map<string, unknown>>();

/** What {@link prepared} takes: a Drizzle query with `sql.placeholder`s, ready to prepare. */
interface Preparable<P> {
  prepare(name: string): P;
}

/**
 * The statement `build` makes, prepared under `name` on the transaction's connection: on
 * PostgreSQL it is built (Drizzle) and parsed and planned (the server) once per pooled connection,
 * then only executed, with its values bound to its `sql.placeholder`s. One name, one statement:
 * `build` must not depend on anything but `tx`. On the embedded database (and on a handle
 * {@link withTenant} did not open) it is built each time.
 */
export function prepared<P>(tx: Tx, name: string, build: (tx: Tx) => Preparable<P>): P {
  const connection = connectionOf.get(tx);
  if (!connection) return build(tx).prepare(name);
  let statements = preparedOn.get(connection);
  if (!statements) preparedOn.set(connection, (statements = new Map()));
  let statement = statements.get(name) as P | undefined;
  if (!statement) statements.set(name, (statement = build(tx).prepare(name)));
  return statement;
}

// What a Drizzle transaction over one pooled connection needs: the dialect and the schema's
// relational config, built once (what `drizzle()` builds for each database).
const dialect = new PgDialect();
const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
const relational = { fullSchema: schema as Record<string, unknown>, schema: tables.tables, tableNamesMap: tables.tableNamesMap };

/**
 * How a tenant transaction starts on a node-postgres pool: one message, `BEGIN` with the
 * statements that set the organization and the role (a simple-protocol message of several
 * statements, so its values are literals).
 */
type Opening = (client: pg.PoolClient) => Promise<void>;

/** Errors after which a connection's state is unknown (a statement prepared or not): it is closed, not reused. */
const breaksConnection = new WeakSet<object>();

/**
 * A tenant transaction on a node-postgres pool: `BEGIN` and the settings in one message
 * (`open`), the deferred rows and `COMMIT` in another, so the transaction costs two round trips
 * beyond its queries instead of four (and one more per audit row). The deferred values are written
 * as literals ({@link literal}); the queries of `fn` bind their parameters. A connection whose
 * transaction could not be rolled back, or whose prepared statements are in doubt, is closed.
 */
async function withTenantOnPool<T>(pool: pg.Pool, open: Opening, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    // A Drizzle transaction handle per connection, made once (each costs a database object).
    let tx = transactionOn.get(client);
    if (!tx) {
      tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, relational), relational) as unknown as Tx;
      transactionOn.set(client, tx);
      connectionOf.set(tx, client);
    }
    deferredOf.set(tx, newDeferred());
    try {
      await open(client);
      const result = await fn(tx);
      const inserts = takeDeferredText(tx).map((insert) => `${insert}; `);
      await client.query(`${inserts.join('')}commit`);
      committed(tx);
      return result;
    } catch (err) {
      // After a failed statement the rest of its message did not run: the transaction is open
      // and aborted, or already ended (a failed COMMIT), which ROLLBACK answers with a warning.
      await client.query('rollback').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      if (typeof err === 'object' && err !== null && breaksConnection.has(err)) broken ??= err as Error;
      throw err;
    }
  } finally {
    const tx = transactionOn.get(client);
    if (tx) deferredOf.delete(tx);
    // A connection that could not roll back is closed rather than returned to the pool.
    client.release(broken);
  }
}

/** The settings of a tenant transaction, as one statement's select list (the role last). */
const settingsOf = (organizationId: string) =>
  `select set_config('app.organization_id', ${literal(organizationId)}, true), set_config('role', 'clinic_app', true)`;

/**
 * Runs `fn` in one transaction as the non-owner role `clinic_app`, with the organization set for
 * row level security. Services inside still filter by organization: two locks on one door.
 */
export async function withTenant<T>(db: AppDb, organizationId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    return withTenantOnPool(
      client,
      async (connection) => {
        await connection.query(`begin; ${settingsOf(organizationId)}`);
      },
      fn,
    );
  }
  return withTenantEmbedded(
    db,
    async (tx) => {
      await tx.execute(sql`select set_config('app.organization_id', ${organizationId}, true), set_config('role', 'clinic_app', true)`);
    },
    fn,
  );
}

/**
 * The embedded database: one in-process connection, so round trips cost little; its driver's
 * transaction keeps other requests' statements out of this one.
 */
async function withTenantEmbedded<T>(db: AppDb, open: (tx: Tx) => Promise<void>, fn: (tx: Tx) => Promise<T>): Promise<T> {
  let transaction: Tx | undefined;
  const result = await db.transaction(async (tx) => {
    transaction = tx;
    await open(tx);
    deferredOf.set(tx, newDeferred());
    const value = await fn(tx);
    for (const insert of takeDeferred(tx)) await insert;
    return value;
  });
  committed(transaction!);
  return result;
}

/**
 * The select list that makes a lookup the start of a tenant transaction ({@link withTenantFrom}):
 * `organization` (an SQL expression of the looked-up row) becomes `app.organization_id` for the
 * statements after it; it returns the value it set. The role becomes `clinic_app` in a statement
 * of its own right after the lookup: set inside the lookup, it made PostgreSQL's work on that
 * statement five times as much (measured: docs/performance.md).
 */
export function tenantSettings(organization: SQL) {
  return { organization: sql<string | null>`set_config('app.organization_id', ${organization}, true)` };
}

/** The role of tenant transactions, set after the lookup of {@link withTenantFrom}. */
const SET_TENANT_ROLE = `set local role clinic_app`;

/** What {@link withTenantFrom} starts a transaction with. */
export interface TenantLookup<R extends { settings: { organization: string | null } }> {
  /** The statement's name: it is prepared once per connection. */
  name: string;
  /**
   * A one-row select with `sql.placeholder`s for `values`, whose select list holds
   * `settings: tenantSettings(...)`. Built once per connection: it must depend on nothing else.
   */
  build: (handle: Tx) => { prepare(name: string): { execute(values: Record<string, string | null>): Promise<R[]> } };
  values: Record<string, string | null>;
  /**
   * Judges the row (undefined when none matched): returns the organization the transaction acts in
   * (it must be the one the row set), or throws, and the transaction is rolled back.
   */
  admit: (row: R | undefined) => string;
}

/** Lookups built once per pooled connection, on a client that sends them with `BEGIN`. */
const lookupsOn = new WeakMap<pg.PoolClient, Map<string, unknown>>();

/**
 * A client for Drizzle that sends a prepared statement's execution with `BEGIN` and the role in one
 * message: `begin; [prepare name as ...;] execute name(literals); set local role clinic_app`. The
 * statement is prepared on the server (SQL `PREPARE`) the first time the connection sends it, then
 * only executed; its answer is returned to Drizzle, which maps its rows.
 */
function beginningClient(connection: pg.PoolClient) {
  let preparedOnServer = false;
  return {
    async query(config: pg.QueryConfig & { name?: string; rowMode?: 'array'; types?: unknown }, params: unknown[] = []) {
      const name = config.name;
      if (!name || !/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error('beginningClient: a prepared statement with a plain name');
      const prepare = preparedOnServer ? '' : `prepare ${name} as ${config.text}; `;
      const execute = `execute ${name}(${params.map((v) => literal(v as LiteralValue)).join(', ')})`;
      const results = (await connection
        .query({ text: `begin; ${prepare}${execute}; ${SET_TENANT_ROLE}`, rowMode: config.rowMode, types: config.types } as pg.QueryConfig)
        .catch((err: unknown) => {
          // Whether the statement got prepared is not known: the connection is not used again.
          if (typeof err === 'object' && err !== null) breaksConnection.add(err);
          throw err;
        })) as unknown as pg.QueryResult[];
      preparedOnServer = true;
      return results[results.length - 2];
    },
  };
}

/**
 * Runs `fn` in one tenant transaction whose organization comes from a lookup (the request's
 * session and membership, `platform/access.ts`): the lookup runs first in the transaction, as the
 * login role, and its select list sets the organization ({@link tenantSettings}), then the role;
 * `lookup.admit` judges its row before anything else runs. On PostgreSQL `BEGIN` and the lookup
 * (a statement prepared once per connection) are one round trip, so a request's transaction
 * costs the lookup, its own queries and `COMMIT`.
 */
export async function withTenantFrom<R extends { settings: { organization: string | null } }, T>(
  db: AppDb,
  lookup: TenantLookup<R>,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  const admitted = (row: R | undefined) => {
    const organizationId = lookup.admit(row);
    // What the row set is what the transaction acts as, whatever `admit` decided.
    if (!row || row.settings.organization !== organizationId) {
      throw new Error('withTenantFrom: the lookup did not set the admitted organization');
    }
  };
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    return withTenantOnPool(
      client,
      async (connection) => {
        let statements = lookupsOn.get(connection);
        if (!statements) lookupsOn.set(connection, (statements = new Map()));
        type Statement = ReturnType<ReturnType<TenantLookup<R>['build']>['prepare']>;
        let statement = statements.get(lookup.name) as Statement | undefined;
        if (!statement) {
          const beginning = new NodePgSession(beginningClient(connection) as unknown as pg.PoolClient, dialect, relational);
          const handle = new NodePgTransaction(dialect, beginning, relational) as unknown as Tx;
          statements.set(lookup.name, (statement = lookup.build(handle).prepare(lookup.name)));
        }
        admitted((await statement.execute(lookup.values))[0]);
      },
      fn,
    );
  }
  return withTenantEmbedded(
    db,
    async (tx) => {
      const [row] = await lookup.build(tx).prepare(lookup.name).execute(lookup.values);
      await tx.execute(sql.raw(SET_TENANT_ROLE));
      admitted(row);
    },
    fn,
  );
}
