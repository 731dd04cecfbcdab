import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity.js';
import { organizationId, timestamptz, updatedAt } from './tenant-columns.js';

/**
 * An organization's single sign-on (OpenID Connect): its identity provider's issuer and the client
 * registered there. The client secret is sealed (`platform/secret-box.ts`) and never read back.
 */
export const ssoConfigurations = pgTable('sso_configurations', {
  organizationId: organizationId().primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecret: text('client_secret'),
  enforce: boolean('enforce').notNull().default(false),
  defaultRole: text('default_role').notNull(),
  updatedBy: text('updated_by'),
  updatedAt: updatedAt(),
});

/**
 * The e-mail domains an organization claims for single sign-on. A claim is proven by a DNS TXT
 * record `clinicflow-verification=<token>` on the domain; a verified domain belongs to one
 * organization only.
 */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    organizationId: organizationId(),
    domain: text('domain').notNull(),
    verificationToken: text('verification_token').notNull(),
    verifiedAt: timestamptz('verified_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.domain] }),
    uniqueIndex('sso_domains_verified_unique')
      .on(t.domain)
      .where(sql`verified_at IS NOT NULL`),
  ],
);

/**
 * Who an identity provider's subject is: the `sub` claim of the organization's issuer, not the
 * e-mail, names the account on every later single sign-on.
 */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    organizationId: organizationId(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    linkedAt: timestamptz('linked_at').notNull().defaultNow(),
    lastSignInAt: timestamptz('last_sign_in_at'),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.issuer, t.subject] }),
    uniqueIndex('sso_identities_user_unique').on(t.organizationId, t.issuer, t.userId),
  ],
);

/**
 * Sign-ins under way: one row per redirect to the identity provider, keyed by the SHA-256 of its
 * `state`, bound to the browser that started it by the SHA-256 of a short-lived cookie, single use.
 */
export const ssoSignIns = pgTable(
  'sso_sign_ins',
  {
    stateHash: text('state_hash').primaryKey(),
    ssoOrganizationId: text('sso_organization_id').notNull(),
    browserHash: text('browser_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('sso_sign_ins_expires_idx').on(t.expiresAt)],
);

/**
 * A single sign-on whose e-mail belongs to an existing local account: the identity is linked only
 * after that account signs in with its password and confirms. Keyed by the SHA-256 of the token
 * the browser holds; single use, short-lived.
 */
export const ssoLinkRequests = pgTable('sso_link_requests', {
  tokenHash: text('token_hash').primaryKey(),
  ssoOrganizationId: text('sso_organization_id').notNull(),
  issuer: text('issuer').notNull(),
  subject: text('subject').notNull(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
});
