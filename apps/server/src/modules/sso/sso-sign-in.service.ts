import type { SsoErrorCode, SsoStartBody } from '@clinic/domain';
import { setCurrentOrganization } from '../../platform/accounts.js';
import { admitOrganization } from '../../platform/admission.js';
import { AppError } from '../../platform/errors.js';
import type { OutboundFetch } from '../../platform/outbound-fetch.js';
import type { OutboundLog } from '../../platform/outbound.js';
import type { PublicAccountContext } from '../../platform/route/index.js';
import { recordFederatedSignIn, type Account } from '../auth/index.js';
import {
  authorizationUrl,
  discoverProvider,
  newSignInSecrets,
  redeemCode,
  type ProviderClaims,
  type ProviderSettings,
  type SignInSecrets,
} from './oidc.js';
import { domainOf, domainOwner, recordSignIn, takeSignIn } from './sign-in-records.js';
import { resolveAccount, type Resolution, type SignInProvider } from './sso-accounts.service.js';
import { configurationRow, enabledProvider } from './sso-settings.js';

/**
 * A single sign-on from start to callback. The start finds the organization (by the e-mail's
 * verified domain, or the sign-in link's organization), discovers its provider and records the
 * sign-in; the callback takes that record once, redeems the code with every check of the ID token,
 * and resolves the person (`sso-accounts.service.ts`). Network calls run between transactions.
 */

/** What a sign-in needs from outside the database. */
export interface SignInEnvironment {
  fetch: OutboundFetch;
  log: OutboundLog;
  /** The callback address registered at the provider. */
  redirectUri: string;
}

/** Where the start sends the browser, and the browser's token when a sign-in was recorded. */
export type StartOutcome = { redirectUrl: string; browser: string | null };

/** The start's answer when there is no single sign-on to start: the same shape as a real one. */
export const startRefused = (code: SsoErrorCode): StartOutcome => ({ redirectUrl: `/login?sso_error=${code}`, browser: null });

/** The organization's provider if its single sign-on is on, read in its tenant transaction; null for an unknown organization too. */
async function providerOf(ctx: PublicAccountContext, organizationId: string) {
  try {
    return await ctx.inOrganization(organizationId, async ({ tx, tenant }) => {
      const provider = enabledProvider(await configurationRow(tx, organizationId));
      return provider && tenant.organization.status === 'active' ? { provider, organization: tenant.organization } : null;
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'not-found') return null;
    throw err;
  }
}

/**
 * Starts a sign-in. An e-mail whose domain no organization verified, or whose organization has
 * single sign-on off, and an organization without it, all answer `/login?sso_error=disabled`, so
 * the answer tells no more than the redirect to a provider itself does.
 */
export async function startSignIn(ctx: PublicAccountContext, body: SsoStartBody, env: SignInEnvironment): Promise<StartOutcome> {
  let organizationId: string | null;
  if ('email' in body) {
    const owner = await domainOwner(ctx.db, domainOf(body.email));
    organizationId = owner?.enabled ? owner.organizationId : null;
  } else organizationId = body.organizationId;
  const found = organizationId ? await providerOf(ctx, organizationId) : null;
  if (!organizationId || !found) return startRefused('disabled');
  let redirectUrl: string;
  const secrets = newSignInSecrets();
  try {
    redirectUrl = await authorizationUrl(await discoverProvider(found.provider, env.fetch), secrets, env.redirectUri);
  } catch (err) {
    env.log.warn({ sso: { organizationId, reason: (err as Error).message } }, 'SSO start: provider discovery failed');
    return startRefused('provider');
  }
  const browser = await recordSignIn(ctx.db, organizationId, secrets);
  return { redirectUrl, browser };
}

/** The authorization response as the callback received it. */
export interface CallbackInput {
  state?: string;
  error?: string;
  /** The callback's full address as the provider called it (its query is checked whole). */
  url: URL;
  /** The browser's token from its cookie. */
  browser: string | undefined;
}

/** What the callback does: sign an account in, ask for a link, or refuse with a code. */
export type CallbackOutcome =
  ({ kind: 'account' } & Extract<Resolution, { kind: 'account' }> & { organizationId: string }) | Exclude<Resolution, { kind: 'account' }>;

/** Audits a refused sign-in in the organization it was for (unless it is gone since), and answers the refusal. */
async function refuse(ctx: PublicAccountContext, organizationId: string, code: SsoErrorCode, reason: string): Promise<CallbackOutcome> {
  try {
    await ctx.inOrganization(organizationId, ({ audit }) => audit('auth.sso-sign-in-failed', { type: 'sso-sign-in' }, { code, reason }));
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'not-found')) throw err;
  }
  return { kind: 'refused', code, reason };
}

/** Redeems the code: the verified claims, or why a check failed (the provider's refusal of the code included). */
async function verifiedClaims(
  provider: ProviderSettings,
  input: CallbackInput,
  secrets: SignInSecrets,
  env: SignInEnvironment,
): Promise<ProviderClaims | string> {
  try {
    return await redeemCode(await discoverProvider(provider, env.fetch), input.url, secrets);
  } catch (err) {
    const e = err as Error & { code?: string; error?: string; cause?: unknown };
    const cause = e.cause instanceof Error ? e.cause.message : null;
    return [e.name, e.code, e.error, cause ?? e.message].filter(Boolean).join(': ').slice(0, 300);
  }
}

/**
 * Completes a sign-in at the callback; the caller then makes the account's session. Nothing is
 * created on a refusal: an unknown, used or expired state or another browser (`state`), the
 * provider's error (`provider`), single sign-on switched off since (`disabled`), the
 * organization's admission (IP allow-list: `account`), any failed check of the code or ID token
 * (`token`), then what the account resolution refuses.
 */
export async function completeSignIn(ctx: PublicAccountContext, input: CallbackInput, env: SignInEnvironment): Promise<CallbackOutcome> {
  const taken = input.state ? await takeSignIn(ctx.db, input.state, input.browser) : null;
  if (!taken) return { kind: 'refused', code: 'state', reason: 'unknown, used or expired state' };
  const { organizationId } = taken;
  if (!taken.sameBrowser) return refuse(ctx, organizationId, 'state', 'started in another browser');
  if (input.error) return refuse(ctx, organizationId, 'provider', `provider error ${input.error.slice(0, 100)}`);
  const found = await providerOf(ctx, organizationId);
  if (!found) return refuse(ctx, organizationId, 'disabled', 'single sign-on is off');
  try {
    admitOrganization(found.organization, { kind: 'session', ip: ctx.actor.ip }, { write: false });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return refuse(ctx, organizationId, 'account', err.code);
  }
  const claims = await verifiedClaims(found.provider, input, taken.secrets, env);
  if (typeof claims === 'string') {
    env.log.warn({ sso: { organizationId, reason: claims } }, 'SSO callback: token refused');
    return refuse(ctx, organizationId, 'token', claims);
  }
  const provider: SignInProvider = { organizationId, issuer: found.provider.issuer, defaultRole: found.provider.defaultRole };
  const resolution = await resolveAccount(ctx, provider, claims);
  if (resolution.kind === 'refused') return refuse(ctx, organizationId, resolution.code, resolution.reason);
  if (resolution.kind === 'link') return resolution;
  await recordSignInOf(ctx, resolution.user, organizationId, resolution.created);
  return { ...resolution, organizationId };
}

/** Records an account's single sign-on: its last sign-in, the organization it opens in, the audit row. */
async function recordSignInOf(ctx: PublicAccountContext, user: Account, organizationId: string, created: boolean): Promise<void> {
  await recordFederatedSignIn(ctx.db, user.id);
  // The session opens in the organization signed in through (its clinic kept when it already was the current one).
  if (user.currentOrganizationId !== organizationId) await setCurrentOrganization(ctx.db, user.id, organizationId);
  await ctx.inOrganization(organizationId, ({ audit }) => audit('auth.sso-sign-in', { type: 'user', id: user.id }, { created }), user.id);
}
