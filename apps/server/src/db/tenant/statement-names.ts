import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { DriverQuery } from './connection.js';

/** Statement texts remembered at most (then forgotten all at once, and counted again). */
const REMEMBERED_TEXTS = 4096;
/** Named statements at most on one connection (each holds its plan in the backend); past it, new texts go unnamed. */
const NAMES_PER_CONNECTION = 512;

/** Statements SQL `PREPARE` takes (the first of a transaction is prepared so, with `BEGIN`): not `EXPLAIN`, `SET`… */
const PREPARABLE = /^\s*\(*\s*(select|insert|update|delete|with|values)\b/i;

/** Each text seen once (null) or more (its name), in this process. */
const seen = new Map<string, string | null>();
/** The names given on each pooled connection. */
const namesOn = new WeakMap<pg.PoolClient, Set<string>>();

/**
 * The statement `config` with a name when its text is one this process sends again and again (seen
 * before, with bound values): node-postgres then parses it once per connection and PostgreSQL keeps
 * its plan (a generic one once it is no dearer than planning for the values, PostgreSQL's own choice
 * for prepared statements), so a repeated statement is neither parsed nor, mostly, planned again.
 * The name is a hash of the text, the same on every connection and in every process. A text seen
 * once is never named, so statements written with their values (audit rows, deferred inserts) do not
 * pile up on the connection; nor is one with a name already (Drizzle's `prepare`).
 */
export function withRepeatedName(connection: pg.PoolClient, config: DriverQuery, params: unknown[] | undefined): DriverQuery {
  if (config.name || !params?.length || !PREPARABLE.test(config.text)) return config;
  const { text } = config;
  let name = seen.get(text);
  if (name === undefined) {
    if (seen.size >= REMEMBERED_TEXTS) seen.clear();
    seen.set(text, null);
    return config;
  }
  if (name === null) seen.set(text, (name = `r_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`));
  let names = namesOn.get(connection);
  if (!names) namesOn.set(connection, (names = new Set()));
  if (!names.has(name)) {
    if (names.size >= NAMES_PER_CONNECTION) return config;
    names.add(name);
  }
  return { ...config, name };
}
