import { createTableRelationsHelpers, extractTablesRelationalConfig } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Tx } from '../client.js';
import * as schema from '../schema/index.js';

// The one place that builds Drizzle's transaction handles by hand, from classes Drizzle does not
// document: `drizzle-internals.test.ts` pins each of them, so that an upgrade that changes one
// fails there, by name, rather than in a request.

/** What a Drizzle transaction over one pooled connection needs: the dialect, built once (what `drizzle()` builds for each database). */
export const dialect = new PgDialect();
const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
/** The schema's relational config, as `drizzle()` builds it. */
export const relational = { fullSchema: schema as Record<string, unknown>, schema: tables.tables, tableNamesMap: tables.tableNamesMap };

/** What Drizzle's session calls on its client: only `query(config, params)`. */
export interface QueryingClient {
  query(...args: never[]): Promise<unknown>;
}

/**
 * A Drizzle transaction handle whose statements go through `client.query` (a pooled connection, or
 * one of the clients here that send a statement with `BEGIN` or the `COMMIT`). It sends no `BEGIN`
 * of its own: whoever made `client` opens and ends the transaction.
 */
export function transactionOver(client: QueryingClient): Tx {
  const session = new NodePgSession(client as unknown as pg.PoolClient, dialect, relational);
  return new NodePgTransaction(dialect, session, relational) as unknown as Tx;
}
