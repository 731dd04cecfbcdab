import pg from 'pg';

/** A value {@link literal} can write. */
export type LiteralValue = string | number | boolean | Date | null | undefined;

/**
 * A value written as an SQL literal, for the few platform statements sent in one simple-protocol
 * message with others (`BEGIN; EXECUTE lookup(...)`, `INSERT ...; COMMIT`: one round trip
 * instead of two), where parameters cannot be bound. Text goes through node-postgres'
 * `escapeLiteral` (quotes doubled, backslashes doubled in an `E''` string, so it reads the same
 * whatever `standard_conforming_strings` is); a NUL, which no PostgreSQL text can hold and which
 * would end the message early, is refused as the database refuses it in a bound parameter (same
 * error code, so the error handler answers 400).
 * Nothing else in the app builds SQL from text: queries bind their parameters.
 */
export function literal(value: LiteralValue): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('literal: not a finite number');
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  if (typeof value !== 'string') throw new Error(`literal: unsupported value of type ${typeof value}`);
  if (value.includes('\u0000')) {
    // PostgreSQL's own code for it (character_not_in_repertoire): the request's text, a 400.
    throw Object.assign(new Error('literal: text cannot contain NUL'), { code: '22021' });
  }
  return pg.escapeLiteral(value);
}
