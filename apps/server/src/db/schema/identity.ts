import { getTableColumns, sql } from 'drizzle-orm';
import { columnsWithout } from '../columns.js';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** People who can sign in. Not tenant data: one person may belong to several organizations. */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  status: text('status').notNull().default('active'),
  currentOrganizationId: text('current_organization_id'),
  currentClinicId: text('current_clinic_id'),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  /** Set when the person proved they read this address (a verification link, or an invitation's token). */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  /** The confirmed TOTP secret, sealed (`platform/secret-box.ts`); null while two-factor sign-in is off. */
  mfaSecret: text('mfa_secret'),
  /** A secret handed out by enrolment and not yet confirmed with a code, sealed as the confirmed one is. */
  mfaPendingSecret: text('mfa_pending_secret'),
  mfaEnabledAt: timestamp('mfa_enabled_at', { withTimezone: true }),
  /** The 30-second step of the last accepted code: a code of that step or an earlier one is refused (no replay). */
  mfaLastStep: bigint('mfa_last_step', { mode: 'number' }),
  /** SHA-256 hashes of the unused backup codes; a used one is removed. */
  mfaBackupCodes: jsonb('mfa_backup_codes').$type<string[]>().notNull().default([]),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Server-side sessions; only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The id the sessions list shows (the primary key is the token's hash, never sent). */
    publicId: text('public_id')
      .notNull()
      .default(sql`gen_random_uuid()::text`),
    /** The address of the last request that moved last_seen_at. */
    lastSeenIp: text('last_seen_ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Single-use account tokens; only the SHA-256 of the token is stored. `purpose` is `mfa` (the
 * second step of a sign-in whose password was right) or `password-reset` (a reset link).
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Wrong codes tried with this token (an MFA challenge ends after a few). */
    attempts: integer('attempts').notNull().default(0),
    /** The Admin who made a reset link for a member, if one did. */
    createdBy: text('created_by'),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Sign-in attempts, kept for the rate limit (per e-mail and per address). */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_attempts_email_idx').on(t.email, t.at), index('sign_in_attempts_ip_idx').on(t.ip, t.at)],
);

/** Single-use e-mail verification links; only the SHA-256 of the token is stored. */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_verifications_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Hits counted by abuse limits that must hold across server instances (sign-ups and organizations
 * per address and overall). `scope` names the limit, `key` what it counts by.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_hits_scope_key_idx').on(t.scope, t.key, t.at), index('rate_limit_hits_scope_idx').on(t.scope, t.at)],
);

export type UserRow = typeof users.$inferSelect;

/**
 * The account as a request sees it (`request.user`, read with the session on every request): every
 * column but the secrets. The password hash and the second factor's secrets are read only where a
 * sign-in, a password change or an enrolment checks them.
 */
const USER_SECRETS = ['passwordHash', 'mfaSecret', 'mfaPendingSecret', 'mfaBackupCodes', 'mfaLastStep'] as const;
export const sessionUserColumns = columnsWithout(getTableColumns(users), USER_SECRETS);
export type SessionUser = Omit<UserRow, (typeof USER_SECRETS)[number]>;

export type SessionRow = typeof sessions.$inferSelect;
