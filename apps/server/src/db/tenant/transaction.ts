import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { AppDb, Tx } from '../client.js';
import { literal, type LiteralValue } from '../literal.js';
import {
  breaksConnection,
  connectionOf,
  endingGuard,
  executeWithin,
  inTurn,
  openingOn,
  takeOpening,
  transactionOn,
  type DriverQuery,
} from './connection.js';
import {
  committed,
  deferredOf,
  newDeferred,
  refusalOf,
  runCommitChecks,
  takeDeferred,
  takeDeferredStatements,
  takeDeferredText,
} from './deferred.js';
import { transactionOver } from './drizzle.js';

/** Never exported: only this file gives a transaction the brand. */
declare const tenantTxBrand: unique symbol;

/**
 * A transaction opened for one organization ({@link withTenant}, {@link withLookedUpTenant}): row
 * level security is on, the role is the non-owner `clinic_app` and `app.organization_id` is set.
 * Services take this instead of `Tx`, so they cannot be called with the raw database or a
 * transaction nobody scoped.
 */
export type TenantTx = Tx & { readonly [tenantTxBrand]: true };

/**
 * How a tenant transaction starts on a node-postgres pool: one message, `BEGIN` with the
 * statements that set the organization and the role (a simple-protocol message of several
 * statements, so its values are literals).
 */
type Opening = (client: pg.PoolClient) => Promise<void>;

/**
 * A tenant transaction on a node-postgres pool: `BEGIN` and the settings (`open`: sent at once, or
 * left in {@link openingOn} for the first statement to send), the deferred rows and `COMMIT` in
 * another message, so the transaction costs at most two round trips beyond its queries (and one
 * when it ends with `finalRead`). The deferred values are written as literals
 * ({@link literal}); the queries of `fn` bind their parameters. A connection whose transaction
 * could not be rolled back, or whose prepared statements are in doubt, is closed.
 */
async function withTenantOnPool<T>(pool: pg.Pool, open: Opening, fn: (tx: TenantTx) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    // A Drizzle transaction handle per connection, made once (each costs a database object).
    let tx = transactionOn.get(client);
    if (!tx) {
      tx = transactionOver(endingGuard(client));
      transactionOn.set(client, tx);
      connectionOf.set(tx, client);
    }
    const deferred = newDeferred();
    deferredOf.set(tx, deferred);
    try {
      await open(client);
      const result = await fn(tx as TenantTx);
      if (!deferred.done) {
        await runCommitChecks(tx);
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
      throw refusalOf(deferred, err) ?? err;
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
 * in all for a transaction that is one `finalRead`.
 */
export async function withTenant<T>(db: AppDb, organizationId: string, fn: (tx: TenantTx) => Promise<T>): Promise<T> {
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
async function withTenantEmbedded<T>(db: AppDb, open: (tx: Tx) => Promise<void>, fn: (tx: TenantTx) => Promise<T>): Promise<T> {
  let transaction: Tx | undefined;
  const deferred = newDeferred();
  const result = await db
    .transaction(async (tx) => {
      transaction = tx;
      await open(tx);
      deferredOf.set(tx, deferred);
      const value = await fn(tx as TenantTx);
      await runCommitChecks(tx);
      for (const insert of takeDeferred(tx)) await insert;
      for (const text of takeDeferredStatements(tx)) await tx.execute(sql.raw(text));
      return value;
    })
    .catch((err: unknown) => {
      throw refusalOf(deferred, err) ?? err;
    });
  committed(transaction!);
  return result;
}

/**
 * The select list that makes a lookup the start of a tenant transaction ({@link withLookedUpTenant}):
 * `organization` (an SQL expression of the looked-up row) becomes `app.organization_id` for the
 * statements after it; it returns the value it set. The role becomes `clinic_app` in a statement
 * of its own right after the lookup: set inside the lookup, it made PostgreSQL's work on that
 * statement five times as much (measured: docs/performance.md).
 */
export function tenantSettings(organization: SQL) {
  return { organization: sql<string | null>`set_config('app.organization_id', ${organization}, true)` };
}

/** The role of tenant transactions, set after the lookup of {@link withLookedUpTenant}. */
const SET_TENANT_ROLE = `set local role clinic_app`;

/** What {@link withLookedUpTenant} starts a transaction with. */
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
export async function withLookedUpTenant<R extends { settings: { organization: string | null } }, T>(
  db: AppDb,
  lookup: TenantLookup<R>,
  fn: (tx: TenantTx) => Promise<T>,
): Promise<T> {
  const admitted = (row: R | undefined) => {
    const organizationId = lookup.admit(row);
    // What the row set is what the transaction acts as, whatever `admit` decided.
    if (!row || row.settings.organization !== organizationId) {
      throw new Error('withLookedUpTenant: the lookup did not set the admitted organization');
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
          statements.set(lookup.name, (statement = lookup.build(transactionOver(beginningClient(connection))).prepare(lookup.name)));
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
