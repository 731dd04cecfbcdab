import { ACTIVITY_ACTIONS } from '@clinic/domain';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** `action IN (...)` of the audit actions that are activity; their names are plain words (tested in the domain). */
export const ACTIVITY_ACTIONS_SQL = sql.raw(`"action" IN (${ACTIVITY_ACTIONS.map((a) => `'${a}'`).join(', ')})`);

/** Append-only record of every sign-in, permission change and access to patient data. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id'),
    actorUserId: text('actor_user_id'),
    action: text('action').notNull(),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    ip: text('ip'),
    details: jsonb('details'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_org_idx').on(t.organizationId, t.at),
    // Recent activity (modules/activity): the few actions that are activity, newest first (read
    // backwards) and counted without stepping over the reads that make up most of the trail.
    // The list is the domain's (rules/activity.ts): a new activity action changes
    // this index, and db:generate writes its migration.
    index('audit_events_activity_idx').on(t.organizationId, t.at, t.id).where(ACTIVITY_ACTIONS_SQL),
  ],
);
