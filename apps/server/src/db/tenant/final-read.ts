import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Tx } from '../client.js';
import { literal, type LiteralValue } from '../literal.js';
import { connectionOf, executeWithin, inTurn, takeOpening, type DriverQuery, type Preparable } from './connection.js';
import { columnLiteral, deferredOf, runCommitChecks, takeDeferredStatements, takeDeferredText, type Deferred } from './deferred.js';
import { transactionOver } from './drizzle.js';

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
/**
 * Sent before a final read: the read runs its generic plan. The final reads (a directory page, a
 * patient by id) are built to be answered from their indexes whatever the values, and PostgreSQL
 * would otherwise plan a directory page anew on every execution, as its estimate of the generic
 * plan (a page of any size) stays above that of the plan for the values (50 rows): a page's
 * statement took 1.6 ms instead of 0.9. `set local` ends with the transaction, which the read's
 * message commits; the deferred inserts after it are not prepared, so it changes nothing for them.
 */
const GENERIC_PLAN = 'set local plan_cache_mode = force_generic_plan';

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
      inserts = takeDeferredStatements(message.tx);
    } else {
      inserts = takeDeferredText(message.tx);
    }
    const opening = takeOpening(connection);
    const result = await executeWithin(
      connection,
      preparedOnServer,
      { name, text, values, config },
      [...opening, GENERIC_PLAN],
      [...inserts, 'commit'],
    );
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
  if (deferred && !deferred.done) await runCommitChecks(tx);
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
    statement = build(transactionOver(committingClient(connection))).prepare(name);
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
