import { createTableRelationsHelpers, extractTablesRelationalConfig, getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { AppDb, Tx } from './client.js';
import { literal, type LiteralValue } from './literal.js';
import * as schema from './schema/index.js';

/** What a tenant transaction writes with its COMMIT ({@link deferInsert}): rows by table, and what to run once committed. */
interface Deferred {
  rows: Map<PgTable, Record<string, unknown>[]>;
  committed: Array<() => void>;
  /** Set once {@link finalRead} has sent the COMMIT: the transaction is over. */
  done: boolean;
}
const deferredOf = new WeakMap<object, Deferred>();
const newDeferred = (): Deferred => ({ rows: new Map(), committed: [], done: false });

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
 * A value of `column` as a literal, mapped as the column maps it (JSON for `jsonb`, ISO text for a
 * timestamp); null is SQL NULL, as a bound parameter would be (not the JSON `null` of a `jsonb`).
 */
function columnLiteral(column: PgColumn, value: unknown): string {
  return literal(value === null ? null : (column.mapToDriverValue(value) as LiteralValue));
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
      (row) => `(${keys.map((key) => (row[key] === undefined ? 'default' : columnLiteral(columns[key], row[key]))).join(', ')})`,
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
/**
 * The statements that open the transaction on a connection ({@link withTenant}: `BEGIN` and the
 * settings), not sent yet: they go with the transaction's first statement, in its message when it
 * is sent as simple-protocol text ({@link finalRead}, the COMMIT), else just before it.
 */
const openingOn = new WeakMap<pg.PoolClient, string[]>();
/** The statements still to open the transaction on `connection` with, now taken (none when it is open). */
function takeOpening(connection: pg.PoolClient): string[] {
  const opening = openingOn.get(connection);
  if (!opening) return [];
  openingOn.delete(connection);
  return opening;
}
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

/** What Drizzle passes a client's `query` for a prepared statement. */
type DriverQuery = pg.QueryConfig & { name?: string; rowMode?: 'array'; types?: unknown };

/** Statement names that PostgreSQL keeps as they are, safe to write into SQL. */
const PLAIN_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Sends `before`, the execution of the statement `name` (prepared on the server with SQL
 * `PREPARE` the first time this connection sends it, its values written as literals) and `after`
 * in one simple-protocol message, and returns the execution's answer for Drizzle to map. When the
 * message fails, whether the statement got prepared is not known: the connection is not used again.
 */
async function executeWithin(
  connection: pg.PoolClient,
  preparedOnServer: Set<string>,
  statement: { name: string; text: string; values: string[]; config: DriverQuery },
  before: string[],
  after: string[],
): Promise<pg.QueryResult> {
  const { name, text, values, config } = statement;
  if (!PLAIN_NAME.test(name)) throw new Error(`executeWithin: not a plain statement name: ${name}`);
  const prepare = preparedOnServer.has(name) ? [] : [`prepare ${name} as ${text}`];
  const statements = [...before, ...prepare, `execute ${name}(${values.join(', ')})`, ...after];
  const results = (await connection
    .query({ text: statements.join('; '), rowMode: config.rowMode, types: config.types } as pg.QueryConfig)
    .catch((err: unknown) => {
      if (typeof err === 'object' && err !== null) breaksConnection.add(err);
      throw err;
    })) as unknown as pg.QueryResult[];
  preparedOnServer.add(name);
  return results[before.length + prepare.length];
}

/** Whether every value can be written as a literal ({@link literal}). */
const allLiterals = (values: unknown[]): values is LiteralValue[] =>
  values.every((v) => v === null || v === undefined || v instanceof Date || ['string', 'number', 'boolean'].includes(typeof v));

/** The last message sent or waiting on each pooled connection ({@link inTurn}). */
const turnOn = new WeakMap<pg.PoolClient, Promise<unknown>>();

/**
 * Sends a transaction's message once the one before it on the connection has been answered, in
 * the order they were asked for, also when a service sends several at once (`Promise.all`): a
 * connection runs one statement at a time anyway, and node-postgres's own queue of the others is
 * deprecated. Every message of a tenant transaction goes through here.
 */
function inTurn<T>(connection: pg.PoolClient, send: () => Promise<T>): Promise<T> {
  const sent = (turnOn.get(connection) ?? Promise.resolve()).then(send);
  turnOn.set(
    connection,
    sent.catch(() => undefined),
  );
  return sent;
}

/**
 * The client a connection's transaction handle queries through. It opens the transaction first
 * when its opening is still waiting ({@link openingOn}): a prepared statement (`prepared`) whose
 * values can be literals goes in the same message as the opening (prepared on the server with
 * SQL `PREPARE` under `open_<name>`), anything else after it. After {@link finalRead} sent the
 * COMMIT, a further statement would run outside the transaction, as the login role and without
 * the organization: it is refused instead.
 */
function endingGuard(connection: pg.PoolClient) {
  const query = connection.query as (...a: unknown[]) => Promise<unknown>;
  const preparedOnServer = new Set<string>();
  return {
    query: (...args: Parameters<pg.PoolClient['query']>) => inTurn(connection, () => send(args)),
  } as unknown as pg.PoolClient;

  function send(args: Parameters<pg.PoolClient['query']>): Promise<unknown> {
    const tx = transactionOn.get(connection);
    if (tx && deferredOf.get(tx)?.done) throw new Error('finalRead: the transaction has already committed');
    // Messages go in turn ({@link inTurn}): an opening sent before this one has been answered.
    const opening = takeOpening(connection);
    if (opening.length === 0) return query.apply(connection, args);
    const [config, params = []] = args as unknown as [DriverQuery | string, unknown[]?];
    const name = typeof config === 'object' && config.name ? `open_${config.name}` : '';
    if (typeof config === 'object' && PLAIN_NAME.test(name) && allLiterals(params)) {
      return executeWithin(connection, preparedOnServer, { name, text: config.text, values: params.map(literal), config }, opening, []);
    }
    return connection.query(opening.join('; ')).then(() => query.apply(connection, args));
  }
}

/**
 * When and how {@link finalRead} writes the rows deferred so far: in any case; only when the read
 * returns a row; or in any case, the last row's `details` (a `jsonb` column) completed with the
 * read's field `details` names, a JSON object of what only the read knows (the ids of a page, its
 * total): the audit row of a list. That read returns exactly one row, and the field's SQL name is
 * its key (`sql\`...\`.as(key)`).
 */
export type DeferredWrite = 'always' | 'if-found' | { details: string };

/** What a final read's statement is sent with: the transaction's deferred rows and how to write them. */
interface FinalMessage {
  tx: Tx;
  deferred: Deferred;
  write: DeferredWrite;
}
/** The final message of the read being sent on each connection (set for the one call). */
const finalMessageOn = new WeakMap<pg.PoolClient, FinalMessage>();
/** Final reads built once per pooled connection, on a client that sends them with the COMMIT, by name. */
const finalReadsOn = new WeakMap<pg.PoolClient, Map<string, unknown>>();

/** The deferred table whose last row a `{ details }` write completes, checked to have a `details` column. */
function completedTable(deferred: Deferred): PgTable {
  const table = [...deferred.rows.keys()].at(-1);
  if (!table || !getTableColumns(table).details) throw new Error('finalRead: nothing deferred has details to complete');
  return table;
}

/**
 * The deferred rows of a final read written in its statement: one data-modifying CTE per table next
 * to the read (`with r as (read), w0 as (insert into t (...) ...) select * from r`), its values as
 * parameters numbered after the read's. With `if-found` they are selected from their values only
 * when the read returned a row (`where exists (select 1 from r)`); with `{ details }` they are
 * inserted as they are, but for the last row's `details`: `$n || (select "field" from r)` (more
 * than one row read is an error, which fails the transaction). Every row of a table must give the
 * same columns.
 */
function inlineInserts(
  deferred: Deferred,
  write: Exclude<DeferredWrite, 'always'>,
  firstParam: number,
): { shape: string; ctes: string[]; values: string[] } {
  const ctes: string[] = [];
  const values: string[] = [];
  const shape: string[] = [];
  const completed = write === 'if-found' ? undefined : completedTable(deferred);
  let n = firstParam;
  for (const [table, rows] of deferred.rows) {
    const columns = getTableColumns(table);
    if (completed === table) rows.at(-1)!.details ??= null;
    const keys = Object.keys(columns).filter((key) => rows[0][key] !== undefined);
    if (rows.some((row) => Object.keys(columns).some((key) => (row[key] === undefined) !== (rows[0][key] === undefined)))) {
      throw new Error('finalRead: the deferred rows of a table must give the same columns');
    }
    const tuples = rows.map((row, i) => {
      const params = keys.map((key) => {
        values.push(columnLiteral(columns[key], row[key]));
        const param = `$${n++}::${columns[key].getSQLType()}`;
        const completes = completed === table && key === 'details' && i === rows.length - 1 && typeof write === 'object';
        return completes ? `(coalesce(${param}, '{}') || coalesce((select ${pg.escapeIdentifier(write.details)} from r), '{}'))` : param;
      });
      return `(${params.join(', ')})`;
    });
    const names = keys.map((key) => pg.escapeIdentifier(columns[key].name)).join(', ');
    const into = `insert into ${pg.escapeIdentifier(getTableName(table))} (${names})`;
    ctes.push(
      write === 'if-found'
        ? `w${ctes.length} as (${into} select * from (values ${tuples.join(', ')}) as v where exists (select 1 from r))`
        : `w${ctes.length} as (${into} values ${tuples.join(', ')})`,
    );
    shape.push(`${getTableName(table)}(${keys.join(',')})x${rows.length}`);
  }
  deferred.rows.clear();
  return { shape: shape.join('|'), ctes, values };
}

/**
 * A client for Drizzle that sends a read with the transaction's COMMIT, in one simple-protocol
 * message: `[prepare name as ...;] execute name(literals); [deferred inserts;] commit`, the read
 * prepared on the server (SQL `PREPARE`) the first time the connection sends it. Unless they are
 * written `always`, the deferred rows become part of the read's statement ({@link inlineInserts}),
 * one prepared statement per shape of rows.
 */
function committingClient(connection: pg.PoolClient) {
  const preparedOnServer = new Set<string>();
  const shapes = new Map<string, number>();
  return {
    query: (config: DriverQuery, params: unknown[] = []) => inTurn(connection, () => sendFinal(config, params)),
  };

  async function sendFinal(config: DriverQuery, params: unknown[]) {
    const message = finalMessageOn.get(connection);
    if (!message || !config.name) throw new Error('committingClient: a prepared final read');
    const values = params.map((v) => literal(v as LiteralValue));
    // Its own name on the server: `config.name` may also be prepared there by {@link prepared}.
    let name = `final_${config.name}`;
    let text = config.text;
    let inserts: string[] = [];
    if (message.write !== 'always' && message.deferred.rows.size > 0) {
      const inline = inlineInserts(message.deferred, message.write, params.length + 1);
      const shape = `${typeof message.write === 'object' ? `details:${message.write.details}|` : ''}${inline.shape}`;
      if (!shapes.has(shape)) shapes.set(shape, shapes.size);
      name = `${name}_w${shapes.get(shape)}`;
      text = `with r as (${config.text}), ${inline.ctes.join(', ')} select * from r`;
      values.push(...inline.values);
    } else {
      inserts = takeDeferredText(message.tx);
    }
    const opening = takeOpening(connection);
    const result = await executeWithin(connection, preparedOnServer, { name, text, values, config }, opening, [...inserts, 'commit']);
    message.deferred.done = true;
    return result;
  }
}

/**
 * Runs the read `build` makes (a Drizzle select with `sql.placeholder`s, built once per connection
 * under `name`) as the last statement of the tenant transaction `tx`, and commits: on PostgreSQL
 * the read, the rows deferred so far ({@link deferInsert}: the audit rows) and `COMMIT` are one
 * message, with `BEGIN` and the settings too when nothing was sent before it (`withTenant`): a
 * request that reads and audits costs one round trip, or two after its session lookup. How the
 * deferred rows are written is `write` ({@link DeferredWrite}): with `'if-found'` or `{ details }`
 * they are part of the read's own statement. Nothing may run in `tx` afterwards: a further
 * statement is refused. On the embedded database it is an ordinary read, the rows are completed
 * here, and the transaction commits when its work returns.
 */
export async function finalRead<R>(
  tx: Tx,
  name: string,
  build: (tx: Tx) => Preparable<{ execute(values: Record<string, unknown>): Promise<R[]> }>,
  values: Record<string, unknown>,
  write: DeferredWrite,
): Promise<R[]> {
  const connection = connectionOf.get(tx);
  const deferred = deferredOf.get(tx);
  const completed = deferred && typeof write === 'object' ? completedTable(deferred) : undefined;
  if (connection && deferred) return readWithCommit(connection, tx, deferred, name, build, values, write);
  const rows = await build(tx).prepare(name).execute(values);
  if (!deferred) return rows;
  // A read that found nothing writes nothing: its rows, and what was to run once they were written, are dropped.
  if (write === 'if-found' && rows.length === 0) {
    deferred.rows.clear();
    deferred.committed.length = 0;
  }
  if (completed && typeof write === 'object') {
    if (rows.length > 1) throw new Error('finalRead: a read that completes details returns one row');
    const row = deferred.rows.get(completed)!.at(-1)!;
    row.details = { ...(row.details as object | null), ...(rows[0]?.[write.details as keyof R] as object | undefined) };
  }
  return rows;
}

/** {@link finalRead} on a pooled connection: the read built on a {@link committingClient}, sent with the COMMIT. */
async function readWithCommit<R>(
  connection: pg.PoolClient,
  tx: Tx,
  deferred: Deferred,
  name: string,
  build: (tx: Tx) => Preparable<{ execute(values: Record<string, unknown>): Promise<R[]> }>,
  values: Record<string, unknown>,
  write: DeferredWrite,
): Promise<R[]> {
  if (deferred.done) throw new Error('finalRead: the transaction has already committed');
  let reads = finalReadsOn.get(connection);
  if (!reads) finalReadsOn.set(connection, (reads = new Map()));
  type Statement = { execute(values: Record<string, unknown>): Promise<R[]> };
  let statement = reads.get(name) as Statement | undefined;
  if (!statement) {
    const committing = new NodePgSession(committingClient(connection) as unknown as pg.PoolClient, dialect, relational);
    statement = build(new NodePgTransaction(dialect, committing, relational) as unknown as Tx).prepare(name);
    reads.set(name, statement);
  }
  finalMessageOn.set(connection, { tx, deferred, write });
  let rows: R[];
  try {
    rows = await statement.execute(values);
  } finally {
    finalMessageOn.delete(connection);
  }
  // A read that found nothing wrote nothing: what was to run once its rows were written is dropped.
  if (write === 'if-found' && rows.length === 0) deferred.committed.length = 0;
  return rows;
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
 * A tenant transaction on a node-postgres pool: `BEGIN` and the settings (`open`: sent at once, or
 * left in {@link openingOn} for the first statement to send), the deferred rows and `COMMIT` in
 * another message, so the transaction costs at most two round trips beyond its queries (and one
 * when it ends with {@link finalRead}). The deferred values are written as literals
 * ({@link literal}); the queries of `fn` bind their parameters. A connection whose transaction
 * could not be rolled back, or whose prepared statements are in doubt, is closed.
 */
async function withTenantOnPool<T>(pool: pg.Pool, open: Opening, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    // A Drizzle transaction handle per connection, made once (each costs a database object).
    let tx = transactionOn.get(client);
    if (!tx) {
      tx = new NodePgTransaction(dialect, new NodePgSession(endingGuard(client), dialect, relational), relational) as unknown as Tx;
      transactionOn.set(client, tx);
      connectionOf.set(tx, client);
    }
    const deferred = newDeferred();
    deferredOf.set(tx, deferred);
    try {
      await open(client);
      const result = await fn(tx);
      if (!deferred.done) {
        const opening = takeOpening(client);
        const inserts = takeDeferredText(tx);
        // A transaction that never sent a statement has nothing to commit.
        if (opening.length === 0 || inserts.length > 0) await inTurn(client, () => client.query([...opening, ...inserts, 'commit'].join('; ')));
      }
      committed(tx);
      return result;
    } catch (err) {
      // After a failed statement the rest of its message did not run: the transaction is open
      // and aborted, or already ended (a failed COMMIT), which ROLLBACK answers with a warning.
      // A transaction whose opening was never sent is not open.
      if (takeOpening(client).length === 0) {
        await inTurn(client, () => client.query('rollback')).catch((rollbackError: Error) => {
          broken = rollbackError;
        });
      }
      if (typeof err === 'object' && err !== null && breaksConnection.has(err)) broken ??= err as Error;
      throw err;
    }
  } finally {
    openingOn.delete(client);
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
 * row level security. Services inside still filter by organization: two locks on one door. On
 * PostgreSQL, `BEGIN` and the settings go with the transaction's first statement: one round trip
 * in all for a transaction that is one {@link finalRead}.
 */
export async function withTenant<T>(db: AppDb, organizationId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    return withTenantOnPool(
      client,
      async (connection) => {
        openingOn.set(connection, ['begin', settingsOf(organizationId)]);
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
  const preparedOnServer = new Set<string>();
  return {
    query(config: DriverQuery, params: unknown[] = []) {
      if (!config.name) throw new Error('beginningClient: a prepared statement');
      const values = params.map((v) => literal(v as LiteralValue));
      return executeWithin(connection, preparedOnServer, { name: config.name, text: config.text, values, config }, ['begin'], [SET_TENANT_ROLE]);
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
