import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { AppDb, Tx } from '../client.js';
import { literal, type LiteralValue } from '../literal.js';

/** What a tenant transaction writes with its COMMIT ({@link deferInsert}): rows by table, and what to run once committed. */
export interface Deferred {
  rows: Map<PgTable, Record<string, unknown>[]>;
  committed: Array<() => void>;
  /** Statements sent with the COMMIT after the rows ({@link deferStatement}): notifications. */
  statements: string[];
  /** Checks to run last before the COMMIT ({@link checkAtCommit}), by key. */
  checks: Map<string, () => Promise<void>>;
  /** Checks written in SQL, sent in the COMMIT's own message last before it ({@link checkInCommit}), by key. */
  sqlChecks: Map<string, SqlCheck>;
  /** Set once {@link finalRead} has sent the COMMIT: the transaction is over. */
  done: boolean;
}
export const deferredOf = new WeakMap<object, Deferred>();
export const newDeferred = (): Deferred => ({
  rows: new Map(),
  committed: [],
  statements: [],
  checks: new Map(),
  sqlChecks: new Map(),
  done: false,
});

/** A check in SQL: a statement that raises when the rule is broken, and the refusal its error is told as. */
interface SqlCheck {
  text: string;
  /** The error to throw instead of the database's (null: not this check's). */
  refusal: (err: unknown) => Error | null;
  /** Set once taken for the COMMIT's message; the check is kept to recognize its error. */
  sent?: boolean;
}

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

/**
 * Sends `text` (a statement whose values are literals, {@link literal}) with the COMMIT of the
 * tenant transaction `tx`, after its deferred rows; outside a transaction opened by
 * {@link withTenant} it runs at once. For statements whose answer nobody reads: `pg_notify`.
 */
export async function deferStatement(handle: AppDb | Tx, text: string): Promise<void> {
  const deferred = deferredOf.get(handle);
  if (!deferred) {
    await handle.execute(sql.raw(text));
    return;
  }
  if (deferred.done) throw new Error('deferStatement: the transaction has already committed');
  deferred.statements.push(text);
}

/**
 * The statements {@link deferStatement} left for the COMMIT of `tx`, emptied, then the checks in SQL
 * ({@link checkInCommit}; kept to recognize their errors).
 */
export function takeDeferredStatements(tx: Tx): string[] {
  const deferred = deferredOf.get(tx);
  if (!deferred) return [];
  const checks = [...deferred.sqlChecks.values()].filter((check) => !check.sent);
  for (const check of checks) check.sent = true;
  return [...deferred.statements.splice(0), ...checks.map((check) => check.text)];
}

/**
 * Runs `check` in the tenant transaction `tx` right before its COMMIT (or its final read), once
 * however often it is asked for under `key`; a check that throws rolls the transaction back. For
 * a rule over what the whole transaction wrote that must take a lock: taken last, the lock is held
 * only for the check and the COMMIT, not for the rest of the transaction. Outside a transaction
 * opened by {@link withTenant} it runs at once.
 */
export async function checkAtCommit(handle: AppDb | Tx, key: string, check: () => Promise<void>): Promise<void> {
  const deferred = deferredOf.get(handle);
  if (!deferred) return check();
  if (deferred.done) throw new Error('checkAtCommit: the transaction has already committed');
  if (!deferred.checks.has(key)) deferred.checks.set(key, check);
}

/**
 * {@link checkAtCommit} for a check written in SQL: `text` (its values literals) raises when the rule
 * is broken, and is sent in the COMMIT's own message, after the deferred rows and statements, so a
 * lock it takes is held for no round trip at all. A failure of the transaction's last message that
 * `refusal` recognizes is thrown as what it returns ({@link refusalOf}). Outside a transaction
 * opened by {@link withTenant} it runs at once.
 */
export async function checkInCommit(handle: AppDb | Tx, key: string, text: string, refusal: (err: unknown) => Error | null): Promise<void> {
  const deferred = deferredOf.get(handle);
  if (!deferred) {
    await handle.execute(sql.raw(text)).catch((err: unknown) => {
      throw refusal(err) ?? err;
    });
    return;
  }
  if (deferred.done) throw new Error('checkInCommit: the transaction has already committed');
  if (!deferred.sqlChecks.has(key)) deferred.sqlChecks.set(key, { text, refusal });
}

/** The refusal a check in SQL ({@link checkInCommit}) of `deferred` makes of `err`, if one recognizes it. */
export function refusalOf(deferred: Deferred | undefined, err: unknown): Error | null {
  for (const check of deferred?.sqlChecks.values() ?? []) {
    const refusal = check.refusal(err);
    if (refusal) return refusal;
  }
  return null;
}

/** Runs the checks {@link checkAtCommit} left for the end of `tx`, emptied. */
export async function runCommitChecks(tx: Tx): Promise<void> {
  const checks = deferredOf.get(tx)?.checks;
  if (!checks) return;
  for (const check of checks.values()) await check();
  checks.clear();
}

/** The deferred rows of `tx` as INSERT statements (Drizzle's, unexecuted), emptied. */
export function takeDeferred(tx: Tx) {
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
export function columnLiteral(column: PgColumn, value: unknown): string {
  return literal(value === null ? null : (column.mapToDriverValue(value) as LiteralValue));
}

/**
 * The deferred rows of `tx` as the text of INSERT statements with literal values, emptied: one
 * multi-row INSERT per table, each value written by its column's own mapping (JSON for `jsonb`,
 * ISO text for a timestamp) and then as a literal; a field a row leaves out gets its column's
 * default. Written here rather than by Drizzle's query builder, which cost more than the rest of
 * the commit (docs/performance.md). The deferred statements follow them ({@link deferStatement}).
 */
export function takeDeferredText(tx: Tx): string[] {
  const deferred = deferredOf.get(tx);
  if (!deferred) return [];
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
  return [...statements, ...takeDeferredStatements(tx)];
}

/** Runs what waited for the commit of `tx`. */
export function committed(tx: Tx): void {
  for (const fn of deferredOf.get(tx)?.committed.splice(0) ?? []) fn();
}
