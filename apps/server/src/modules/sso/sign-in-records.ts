import { timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { ssoLinkRequests, ssoSignIns } from '../../db/schema/index.js';
import { hashToken, newToken } from '../../platform/crypto.js';
import type { AccountDb } from '../../platform/route/index.js';
import { openSecret, sealSecret } from '../../platform/secret-box.js';
import type { SignInSecrets } from './oidc.js';

/**
 * What single sign-on keeps before any tenant is chosen, on the login role's tables: the sign-ins
 * under way (keyed by the SHA-256 of their `state`, bound to a browser by the SHA-256 of its
 * cookie, their PKCE verifier sealed), the link requests (keyed by the SHA-256 of their token), and the one read across
 * organizations, `sso_domain_owner`: which organization verified an e-mail domain.
 */

/** How long a sign-in may take at the provider. */
export const SIGN_IN_MINUTES = 10;
/** How long a link request waits for its account's password sign-in. */
export const LINK_MINUTES = 15;

/** The organization that verified `domain`, and whether its single sign-on is on and enforced. */
export interface DomainOwner {
  organizationId: string;
  enabled: boolean;
  enforce: boolean;
}

/** The owner of a verified e-mail domain, if any (`sso_domain_owner`: verified domains only). */
export async function domainOwner(db: AccountDb, domain: string): Promise<DomainOwner | null> {
  const result = await db.execute(sql`select organization_id, enabled, enforce from sso_domain_owner(${domain})`);
  const row = result.rows[0] as { organization_id: string; enabled: boolean; enforce: boolean } | undefined;
  return row ? { organizationId: row.organization_id, enabled: row.enabled, enforce: row.enforce } : null;
}

/** The place a sign-in's PKCE verifier is sealed for: its own row. */
const verifierContext = (stateHash: string) => `sso-sign-in:${stateHash}:code-verifier`;

/** The domain of an e-mail address (what follows its last `@`). */
export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** Records a sign-in under way; returns the browser's token (its cookie's value). Old ones are swept on the way. */
export async function recordSignIn(db: AccountDb, organizationId: string, secrets: SignInSecrets): Promise<string> {
  const browser = newToken();
  const now = Date.now();
  await db.delete(ssoSignIns).where(lt(ssoSignIns.expiresAt, new Date(now)));
  await db.insert(ssoSignIns).values({
    stateHash: hashToken(secrets.state),
    ssoOrganizationId: organizationId,
    browserHash: hashToken(browser),
    nonce: secrets.nonce,
    // Sealed: with a code caught on its way, the verifier would redeem it.
    codeVerifier: sealSecret(secrets.codeVerifier, verifierContext(hashToken(secrets.state))),
    createdAt: new Date(now),
    expiresAt: new Date(now + SIGN_IN_MINUTES * 60_000),
  });
  return browser;
}

/** A sign-in taken for its callback: its organization and secrets, and whether this browser started it. */
export interface TakenSignIn {
  organizationId: string;
  secrets: SignInSecrets;
  sameBrowser: boolean;
}

/**
 * Takes the sign-in of `state` for its callback, once: it is marked used whatever follows (another
 * browser's try included), so a second callback with the same state finds nothing. Null when the
 * state is unknown, expired or used.
 */
export async function takeSignIn(db: AccountDb, state: string, browser: string | undefined): Promise<TakenSignIn | null> {
  const [row] = await db
    .update(ssoSignIns)
    .set({ usedAt: new Date() })
    .where(and(eq(ssoSignIns.stateHash, hashToken(state)), isNull(ssoSignIns.usedAt), gt(ssoSignIns.expiresAt, new Date())))
    .returning();
  if (!row) return null;
  const sameBrowser = typeof browser === 'string' && safeEqual(hashToken(browser), row.browserHash);
  const codeVerifier = openSecret(row.codeVerifier, verifierContext(row.stateHash));
  return { organizationId: row.ssoOrganizationId, secrets: { state, nonce: row.nonce, codeVerifier }, sameBrowser };
}

/** Compares two hex digests in constant time. */
function safeEqual(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** An identity waiting for its account's confirmation. */
export interface LinkRequest {
  organizationId: string;
  issuer: string;
  subject: string;
  userId: string;
  email: string;
}

/** Records a link request; returns its token (the browser's, in `/login?sso_link=`). */
export async function recordLinkRequest(db: AccountDb, request: LinkRequest): Promise<string> {
  const token = newToken();
  const now = Date.now();
  await db.delete(ssoLinkRequests).where(lt(ssoLinkRequests.expiresAt, new Date(now)));
  await db.insert(ssoLinkRequests).values({
    tokenHash: hashToken(token),
    ssoOrganizationId: request.organizationId,
    issuer: request.issuer,
    subject: request.subject,
    userId: request.userId,
    email: request.email,
    createdAt: new Date(now),
    expiresAt: new Date(now + LINK_MINUTES * 60_000),
  });
  return token;
}

/** A live link request of `token`: its account, whoever asks (the caller compares). */
export async function liveLinkRequest(db: AccountDb, token: string): Promise<LinkRequest | null> {
  const [row] = await db
    .select()
    .from(ssoLinkRequests)
    .where(and(eq(ssoLinkRequests.tokenHash, hashToken(token)), isNull(ssoLinkRequests.usedAt), gt(ssoLinkRequests.expiresAt, new Date())));
  return row ? { organizationId: row.ssoOrganizationId, issuer: row.issuer, subject: row.subject, userId: row.userId, email: row.email } : null;
}

/** Marks the link request of `token` used by `userId`; false when it was used (or ended) meanwhile. */
export async function useLinkRequest(db: AccountDb, token: string, userId: string): Promise<boolean> {
  const used = await db
    .update(ssoLinkRequests)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(ssoLinkRequests.tokenHash, hashToken(token)),
        eq(ssoLinkRequests.userId, userId),
        isNull(ssoLinkRequests.usedAt),
        gt(ssoLinkRequests.expiresAt, new Date()),
      ),
    )
    .returning({ tokenHash: ssoLinkRequests.tokenHash });
  return used.length > 0;
}
