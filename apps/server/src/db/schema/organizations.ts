import { getTableColumns } from 'drizzle-orm';
import { columnsWithout } from '../columns.js';
import { boolean, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity.js';

/** Tenants. The organization row itself is shared by its members; RLS keys on its id. */
export const organizations = pgTable('organizations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type').notNull().default('hospital'),
  description: text('description'),
  address: text('address'),
  phone: text('phone'),
  email: text('email'),
  website: text('website'),
  status: text('status').notNull().default('active'),
  settings: jsonb('settings').notNull().default({}),
  planId: text('plan_id'),
  subscriptionStatus: text('subscription_status').notNull().default('trialing'),
  subscriptionStartedAt: timestamp('subscription_started_at', { withTimezone: true }),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  billingCycle: text('billing_cycle').notNull().default('monthly'),
  /** The subscription ends at the end of its period (or trial) instead of renewing. */
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** The payment provider's customer and subscription (Stripe), once a card was given. */
  stripeCustomerId: text('stripe_customer_id'),
  stripeSubscriptionId: text('stripe_subscription_id'),
  /**
   * The card on file as the provider's signed webhook events describe it (brand, last 4 digits,
   * expiry month and year); never a card number. Null when none was reported.
   */
  paymentMethod: jsonb('payment_method').$type<{ brand: string; last4: string; expMonth: number; expYear: number } | null>(),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Made by the organization test page (`/test-organization`): its Owner may remove it again. */
  testOrganization: boolean('test_organization').notNull().default(false),
  /** When a test organization was removed: its memberships ended, its kiosk and board answer 404. */
  archivedAt: timestamp('archived_at', { withTimezone: true }),
});

/** Clinics (sites or departments) of an organization. */
export const clinics = pgTable(
  'clinics',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull().default('general'),
    status: text('status').notNull().default('active'),
    address: text('address'),
    phone: text('phone'),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.id] })],
);

export type OrganizationRow = typeof organizations.$inferSelect;

/**
 * The organization as a staff request sees it (`ctx.tenant.organization`, read with the session on
 * every request): what access, plan and settings checks need, without its contact details, payment
 * provider ids or card. Screens that show those read the row.
 */
const NOT_FOR_REQUESTS = [
  'address',
  'phone',
  'email',
  'website',
  'stripeCustomerId',
  'stripeSubscriptionId',
  'paymentMethod',
  'createdBy',
  'createdAt',
  'updatedAt',
  'subscriptionStartedAt',
] as const;
export const tenantOrganizationColumns = columnsWithout(getTableColumns(organizations), NOT_FOR_REQUESTS);
export type TenantOrganization = Omit<OrganizationRow, (typeof NOT_FOR_REQUESTS)[number]>;

export type ClinicRow = typeof clinics.$inferSelect;
