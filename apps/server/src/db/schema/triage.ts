import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';

/** AI triage assessments, kept per user (the spec's "recent assessments"). */
export const triageAssessments = pgTable(
  'triage_assessments',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    id: text('id').notNull(),
    userId: text('user_id').notNull(),
    symptoms: text('symptoms').notNull(),
    severity: text('severity').notNull(),
    estimatedWaitMinutes: integer('estimated_wait_minutes').notNull(),
    recommendation: text('recommendation').notNull(),
    aiConfidence: integer('ai_confidence').notNull(),
    matchedKeywords: text('matched_keywords')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    secondOpinionRequestedAt: timestamp('second_opinion_requested_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.id] }), index('triage_assessments_user_idx').on(t.organizationId, t.userId, t.createdAt)],
);

export type TriageAssessmentRow = typeof triageAssessments.$inferSelect;
