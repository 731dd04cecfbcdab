import { sql } from 'drizzle-orm';
import { foreignKey, primaryKey, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';

/**
 * The columns and keys every tenant table repeats. Each helper returns new builders, so a table
 * built with them is the same table, column for column, as one spelled out by hand.
 */

type Column<TTable extends string> = AnyPgColumn<{ tableName: TTable }>;

/** `organization_id`: the organization a row belongs to, the column row level security filters on. */
export const organizationId = () =>
  text('organization_id')
    .notNull()
    .references(() => organizations.id);

/** The leading columns of a tenant record: its organization, then its id within that organization. */
export const tenantRecord = () => ({ organizationId: organizationId(), id: text('id').notNull() });

/** A point in time, stored with its time zone. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written, set by the database. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** When the row last changed; the database sets it on insert, the service on each update. */
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

/** A list of texts, empty when none are given. */
export const textList = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

/** The primary key of a tenant record: (organization_id, id). */
export const tenantPrimaryKey = <T extends string>(t: { organizationId: Column<T>; id: Column<T> }) =>
  primaryKey({ columns: [t.organizationId, t.id] });

/** A reference to a record of `target` in the same organization: (organization_id, column) to the target's (organization_id, id). */
export const tenantForeignKey = <T extends string, F extends string>(
  t: { organizationId: Column<T> },
  column: Column<T>,
  target: { organizationId: Column<F>; id: Column<F> },
) => foreignKey({ columns: [t.organizationId, column], foreignColumns: [target.organizationId, target.id] });
