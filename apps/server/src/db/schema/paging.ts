import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { clinics } from './organizations.js';
import { createdAt, tenantForeignKey, tenantPrimaryKey, tenantRecord, textList, timestamptz, updatedAt } from './tenant-columns.js';

/**
 * Pages: a message to a member of a clinic, waiting for their acknowledgement. `reached` lists every
 * member the page has gone to (its recipient, then those it escalated to), who may acknowledge it;
 * `next_step_at` is when it escalates unless acknowledged, null once it is closed. Rows are never
 * deleted: the history is the record of who was called when.
 */
export const pages = pgTable(
  'pages',
  {
    ...tenantRecord(),
    clinicId: text('clinic_id').notNull(),
    priority: text('priority').notNull(),
    status: text('status').notNull().default('sent'),
    message: text('message').notNull(),
    /** The member who sent it; null for a page the platform sent for a critical alert. */
    senderMemberId: text('sender_member_id'),
    recipientMemberId: text('recipient_member_id').notNull(),
    /** The role on call the page was sent to, when it was. */
    onCallRole: text('on_call_role'),
    patientId: text('patient_id'),
    queueEntryId: text('queue_entry_id'),
    alertId: text('alert_id'),
    callbackNumber: text('callback_number'),
    automatic: boolean('automatic').notNull().default(false),
    escalationLevel: integer('escalation_level').notNull().default(0),
    reached: textList('reached'),
    nextStepAt: timestamptz('next_step_at'),
    deliveredAt: timestamptz('delivered_at'),
    acknowledgedAt: timestamptz('acknowledged_at'),
    acknowledgedBy: text('acknowledged_by'),
    escalatedAt: timestamptz('escalated_at'),
    cancelledAt: timestamptz('cancelled_at'),
    cancelledBy: text('cancelled_by'),
    cancelReason: text('cancel_reason'),
    expiredAt: timestamptz('expired_at'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t, t.clinicId, clinics),
    index('pages_clinic_created_idx').on(t.organizationId, t.clinicId, t.createdAt),
    // The escalation worker reads the open pages that are due, across organizations.
    index('pages_due_idx')
      .on(t.nextStepAt)
      .where(sql`next_step_at IS NOT NULL`),
    // A critical alert pages once, however many times it is raised or read.
    uniqueIndex('pages_automatic_alert_unique')
      .on(t.organizationId, t.alertId)
      .where(sql`automatic`),
  ],
);

/** A page's timeline: sent, delivered (by which channel), read, acknowledged, escalated (to whom), cancelled, expired. */
export const pageEvents = pgTable(
  'page_events',
  {
    ...tenantRecord(),
    pageId: text('page_id').notNull(),
    type: text('type').notNull(),
    memberId: text('member_id'),
    channel: text('channel'),
    detail: text('detail'),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [tenantPrimaryKey(t), tenantForeignKey(t, t.pageId, pages), index('page_events_page_idx').on(t.organizationId, t.pageId, t.at)],
);

/** A clinic's on-call rota for one role: weekly shifts and date-range overrides (`rules/paging.ts`). */
export const onCallRotas = pgTable(
  'on_call_rotas',
  {
    ...tenantRecord(),
    clinicId: text('clinic_id').notNull(),
    role: text('role').notNull(),
    shifts: jsonb('shifts')
      .notNull()
      .default(sql`'[]'::jsonb`),
    overrides: jsonb('overrides')
      .notNull()
      .default(sql`'[]'::jsonb`),
    updatedBy: text('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t, t.clinicId, clinics),
    uniqueIndex('on_call_rotas_clinic_role_unique').on(t.organizationId, t.clinicId, t.role),
  ],
);

/**
 * The organization's outbound paging webhook: one row per page event to deliver (sent, escalated,
 * acknowledged, cancelled, expired), its signed JSON body fixed when queued so every retry sends the
 * same event. `next_attempt_at` is when the delivery worker tries it (again), null once delivered or
 * given up; `status` is `pending`, `delivered` or `failed`.
 */
export const pagingDeliveries = pgTable(
  'paging_deliveries',
  {
    ...tenantRecord(),
    pageId: text('page_id').notNull(),
    event: text('event').notNull(),
    url: text('url').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at'),
    lastAttemptAt: timestamptz('last_attempt_at'),
    responseStatus: integer('response_status'),
    lastError: text('last_error'),
    deliveredAt: timestamptz('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t, t.pageId, pages),
    index('paging_deliveries_created_idx').on(t.organizationId, t.createdAt),
    index('paging_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`next_attempt_at IS NOT NULL`),
  ],
);
