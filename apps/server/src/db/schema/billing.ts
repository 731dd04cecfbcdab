import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';

/** The organization's invoices, as the payment provider (Stripe) reported them through its webhook. */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    /** The provider's invoice id (`in_...`): one row per invoice, updated as its state changes. */
    providerInvoiceId: text('provider_invoice_id').notNull(),
    description: text('description').notNull(),
    /** Amount in the currency's smallest unit (cents). */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    /** paid, open, failed, void. */
    status: text('status').notNull(),
    planId: text('plan_id'),
    hostedUrl: text('hosted_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    unique('billing_invoices_provider_unique').on(t.organizationId, t.providerInvoiceId),
    index('billing_invoices_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/** Provider events already applied (Stripe's event id): a redelivered event is applied once. */
export const billingEvents = pgTable(
  'billing_events',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.id] })],
);

export type BillingInvoiceRow = typeof billingInvoices.$inferSelect;
