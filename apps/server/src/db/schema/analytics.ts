import { bigint, date, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';

/**
 * The daily rollup of the analytics: one row per clinic and local day (in the time zone
 * it was added up in) holding every sum, count and histogram the reports read, so a year-long
 * report reads at most 366 rows instead of every visit of the year. Only days that ended more than
 * a day ago are kept (today and yesterday are always added up from the visits).
 *
 * A row is valid while its `signature` equals the sum of the versions of the UTC days its local day
 * can touch (`analytics_day_versions`, the day before to the day after): a write to a visit checked
 * in more than 24 hours ago bumps its UTC day's version (a trigger on `queue_entries`, migration
 * 0020), so a report made before the write is never taken for one made after it.
 */
export const analyticsDays = pgTable(
  'analytics_days',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    clinicId: text('clinic_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    timeZone: text('time_zone').notNull(),
    signature: bigint('signature', { mode: 'number' }).notNull(),
    /** The day's figures (`AnalyticsDay` of `rules/analytics-days.ts`). */
    figures: jsonb('figures').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.clinicId, t.day, t.timeZone] })],
);

/** How often the visits checked in on a UTC day changed after that day (see `analyticsDays`). */
export const analyticsDayVersions = pgTable(
  'analytics_day_versions',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    clinicId: text('clinic_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.clinicId, t.day] })],
);
