import { ACTIVITY_ACTIONS } from '@clinic/domain';
import { getTableColumns, sql } from 'drizzle-orm';
import { columnsWithout } from '../columns.js';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
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

/** Membership of a user in an organization, with role and permission flags. */
export const organizationMembers = pgTable(
  'organization_members',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    permissions: jsonb('permissions').notNull().default({}),
    department: text('department'),
    title: text('title'),
    status: text('status').notNull().default('active'),
    invitedBy: text('invited_by'),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    unique('organization_members_user_unique').on(t.organizationId, t.userId),
    index('organization_members_user_idx').on(t.userId),
  ],
);

/** Invitations to join an organization; only the SHA-256 of the token is stored. */
export const invitations = pgTable(
  'invitations',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    email: text('email').notNull(),
    role: text('role').notNull(),
    /** The flags the member will start with, fixed when invited (never more than the inviter held). */
    permissions: jsonb('permissions'),
    tokenHash: text('token_hash').notNull().unique(),
    status: text('status').notNull().default('Pending'),
    invitedBy: text('invited_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.id] }), index('invitations_email_idx').on(t.email)],
);

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
export type MemberRow = typeof organizationMembers.$inferSelect;
