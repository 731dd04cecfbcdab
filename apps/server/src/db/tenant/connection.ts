import type pg from 'pg';
import type { Tx } from '../client.js';
import { literal, type LiteralValue } from '../literal.js';
import { deferredOf } from './deferred.js';
import { withRepeatedName } from './statement-names.js';

/** The pooled connection of each transaction {@link withTenant} opened on PostgreSQL. */
export const connectionOf = new WeakMap<object, pg.PoolClient>();
/** The Drizzle transaction handle of each pooled connection ({@link withTenantOnPool}). */
export const transactionOn = new WeakMap<pg.PoolClient, Tx>();
/**
 * The statements that open the transaction on a connection ({@link withTenant}: `BEGIN` and the
 * settings), not sent yet: they go with the transaction's first statement, in its message when it
 * is sent as simple-protocol text ({@link finalRead}, the COMMIT), else just before it.
 */
export const openingOn = new WeakMap<pg.PoolClient, string[]>();
/** The statements still to open the transaction on `connection` with, now taken (none when it is open). */
export function takeOpening(connection: pg.PoolClient): string[] {
  const opening = openingOn.get(connection);
  if (!opening) return [];
  openingOn.delete(connection);
  return opening;
}
/** Statements built and prepared once per connection ({@link prepared}), by name. */
const preparedOn = new WeakMap<pg.PoolClient, Map<string, unknown>>();

/** What {@link prepared} takes: a Drizzle query with `sql.placeholder`s, ready to prepare. */
export interface Preparable<P> {
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
export type DriverQuery = pg.QueryConfig & { name?: string; rowMode?: 'array'; types?: unknown };

/** Statement names that PostgreSQL keeps as they are, safe to write into SQL. */
export const PLAIN_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Sends `before`, the execution of the statement `name` (prepared on the server with SQL
 * `PREPARE` the first time this connection sends it, its values written as literals) and `after`
 * in one simple-protocol message, and returns the execution's answer for Drizzle to map. When the
 * message fails, whether the statement got prepared is not known: the connection is not used again.
 */
export async function executeWithin(
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
export function inTurn<T>(connection: pg.PoolClient, send: () => Promise<T>): Promise<T> {
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
export function endingGuard(connection: pg.PoolClient) {
  const query = connection.query as (...a: unknown[]) => Promise<unknown>;
  const preparedOnServer = new Set<string>();
  return {
    query: (...args: Parameters<pg.PoolClient['query']>) => inTurn(connection, () => send(args)),
  } as unknown as pg.PoolClient;

  function send(args: Parameters<pg.PoolClient['query']>): Promise<unknown> {
    const tx = transactionOn.get(connection);
    if (tx && deferredOf.get(tx)?.done) throw new Error('finalRead: the transaction has already committed');
    const [given, params = []] = args as unknown as [DriverQuery | string, unknown[]?];
    const config = typeof given === 'object' ? withRepeatedName(connection, given, params) : given;
    // Messages go in turn ({@link inTurn}): an opening sent before this one has been answered.
    const opening = takeOpening(connection);
    if (opening.length === 0) return query.call(connection, config, params);
    const name = typeof config === 'object' && config.name ? `open_${config.name}` : '';
    if (typeof config === 'object' && PLAIN_NAME.test(name) && allLiterals(params)) {
      return executeWithin(connection, preparedOnServer, { name, text: config.text, values: params.map(literal), config }, opening, []);
    }
    return connection.query(opening.join('; ')).then(() => query.call(connection, config, params));
  }
}

/** Errors after which a connection's state is unknown (a statement prepared or not): it is closed, not reused. */
export const breaksConnection = new WeakSet<object>();
