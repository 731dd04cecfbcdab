import { index, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './identity.js';
import { organizations } from './organizations.js';

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

export type MemberRow = typeof organizationMembers.$inferSelect;
