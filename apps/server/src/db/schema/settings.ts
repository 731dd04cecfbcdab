import { sql } from 'drizzle-orm';
import { foreignKey, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity.js';
import { organizationMembers } from './members.js';
import { organizations } from './organizations.js';

/**
 * A member's own settings: one row per user and organization, holding the part of the
 * settings structure (`contracts/settings.ts`) the member saved; the defaults fill the rest at read
 * time. Written only by the member themself (`POST /api/settings`).
 */
export const memberSettings = pgTable(
  'member_settings',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    settings: jsonb('settings').notNull().default({}),
    /**
     * The member's own session timeout (Security category), in minutes, taken from `settings` by
     * the database: the session lookup runs as the login role, which may read this column only
     * (migration member-session-timeout-grant), never the member's other choices.
     */
    sessionTimeoutMinutes: integer('session_timeout_minutes').generatedAlwaysAs(
      sql`case when (settings #>> '{security,authentication,sessionTimeout}') ~ '^[0-9]{1,5}$' then (settings #>> '{security,authentication,sessionTimeout}')::int end`,
    ),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    foreignKey({
      columns: [t.organizationId, t.userId],
      foreignColumns: [organizationMembers.organizationId, organizationMembers.userId],
      name: 'member_settings_member_fk',
    }).onDelete('cascade'),
  ],
);
