import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, tenantPrimaryKey, tenantRecord, textList, timestamptz } from './tenant-columns.js';

/** AI triage assessments, kept per user (the spec's "recent assessments"). */
export const triageAssessments = pgTable(
  'triage_assessments',
  {
    ...tenantRecord(),
    userId: text('user_id').notNull(),
    symptoms: text('symptoms').notNull(),
    severity: text('severity').notNull(),
    estimatedWaitMinutes: integer('estimated_wait_minutes').notNull(),
    recommendation: text('recommendation').notNull(),
    aiConfidence: integer('ai_confidence').notNull(),
    matchedKeywords: textList('matched_keywords'),
    acceptedAt: timestamptz('accepted_at'),
    secondOpinionRequestedAt: timestamptz('second_opinion_requested_at'),
    createdAt: createdAt(),
  },
  (t) => [tenantPrimaryKey(t), index('triage_assessments_user_idx').on(t.organizationId, t.userId, t.createdAt)],
);

export type TriageAssessmentRow = typeof triageAssessments.$inferSelect;
