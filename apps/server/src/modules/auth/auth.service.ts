import { AUTH_MESSAGES, workspaceFeatures, parseEmail, signInTryDelayMs, type SignInBody } from '@clinic/domain';
import { newPasswordProblem } from '@clinic/domain/rules/password';
import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { asc, eq } from 'drizzle-orm';
import { signInAttempts, users, type UserRow } from '../../db/schema/index.js';
import { newId } from '../../platform/crypto.js';
import { toClinicDto, toOrganizationDto, toOrganizationUserDto, toUserDto } from '../../platform/dto.js';
import { AppError } from '../../platform/errors.js';
import { countRateLimitRefusal, countSignInFailure } from '../../platform/ops-counters.js';
import type { AccountRouteContext, PublicAccountContext } from '../../platform/route/index.js';
import { takeHit, type SharedLimit } from '../../platform/shared-limit.js';
import { activeMembershipsQuery } from '../members/index.js';
import { organizationClinics, organizationsQuery } from '../organizations/index.js';
import { mfaChallenge } from './mfa.service.js';
import { assertPasswordAllowed, policyOfInvitation } from './password.service.js';
import { MAX_FAILURES_PER_EMAIL, countTry } from './sign-in-locks.js';

export { FAILURE_WINDOW_MS, MAX_FAILURES_PER_EMAIL, MAX_FAILURES_PER_IP } from './sign-in-locks.js';

/** Accounts one address may create per hour. */
export const SIGN_UPS_PER_ADDRESS_PER_HOUR = 20;
/**
 * Accounts created per hour by everyone together. Real sign-ups come in tens a day (new customers
 * and invited staff); 500 is far above that and above any onboarding burst, yet bounds a flood from
 * many addresses to 12,000 accounts a day, and needs 25 addresses at the per-address limit to reach.
 */
export const SIGN_UPS_PER_HOUR_OVERALL = 500;
const SIGN_UP_LIMIT: SharedLimit = {
  scope: 'sign-up',
  perKey: SIGN_UPS_PER_ADDRESS_PER_HOUR,
  overall: SIGN_UPS_PER_HOUR_OVERALL,
  windowMs: 60 * 60_000,
};

/** Hashes a password with argon2id (the library's default: m=19456, t=2, p=1). */
export const hashPassword = (password: string) => hash(password);

function requireEmail(value: string): string {
  const email = parseEmail(value);
  if (!email) throw new AppError('auth/invalid-email', 'Invalid email address format.');
  return email;
}

/** Creates an account. */
export async function signUp(
  ctx: PublicAccountContext,
  input: SignInBody & { firstName?: string; lastName?: string; invitationToken?: string },
): Promise<UserRow> {
  const { db } = ctx;
  const email = requireEmail(input.email);
  const problem = newPasswordProblem(input.password);
  if (problem) throw new AppError(problem, AUTH_MESSAGES[problem]);
  // Signing up to join an organization: its password policy applies from the first password.
  const policy = input.invitationToken ? await policyOfInvitation(db, input.invitationToken) : null;
  if (policy) assertPasswordAllowed(input.password, policy, 'password');
  // Counted before the argon2 hash, the expensive part, and before the e-mail is looked up.
  await takeHit(db, SIGN_UP_LIMIT, ctx.actor.ip, 'Too many accounts were created from your network. Please try again later.');
  const passwordHash = await hashPassword(input.password);
  const [user] = await db
    .insert(users)
    .values({ id: newId(), email, passwordHash, firstName: input.firstName || null, lastName: input.lastName || null })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!user) throw new AppError('auth/email-already-in-use', 'An account with this email already exists.');
  // A new account has no organization yet: the row has none.
  await ctx.auditAs(user, 'auth.sign-up', { type: 'user', id: user.id });
  return user;
}

/** Why a try's credentials were refused: told to the audit trail, never to the caller. */
type CredentialFault = 'unknown-account' | 'wrong-password';

/**
 * The one answer to refused credentials, whatever the fault (`AUTH_MESSAGES`): an unknown e-mail
 * and a wrong password look alike, so a sign-in never says which addresses have an account.
 */
async function refuseCredentials(ctx: PublicAccountContext, email: string, user: UserRow | undefined, reason: CredentialFault): Promise<never> {
  const code = 'auth/invalid-credential';
  await ctx.auditAs(user, 'auth.sign-in-failed', { type: 'user', id: user?.id }, { email, code, reason });
  countSignInFailure(code);
  throw new AppError(code, AUTH_MESSAGES[code]);
}

let decoy: Promise<string> | undefined;
/**
 * A hash of nobody's password (random, made once per process with the same argon2 settings):
 * the try of an unknown e-mail is checked against it, so it costs the time a known one's does.
 */
const decoyHash = () => (decoy ??= hash(randomBytes(32).toString('base64url')));

/**
 * Whether an account whose password was right may sign in with it (single sign-on's enforcement,
 * handed in by app.ts): throws the refusal, audited where the policy belongs.
 */
export type PasswordGate = (ctx: PublicAccountContext, user: { id: string; email: string }, ssoLink: string | undefined) => Promise<void>;

/** What a sign-in needs from outside the database. */
export interface SignInHooks {
  /** Judges a right password before the session (or the second factor) is granted ({@link PasswordGate}). */
  passwordGate?: PasswordGate;
  /** Waits before a try that follows failures is judged; a real timer unless a test records it. */
  wait?: (ms: number) => Promise<void>;
  /**
   * Called when a failure brings an account's e-mail to its lock: starts the "was this you?"
   * notice. Not awaited, so that the answer's timing does not tell an account from none.
   */
  onEmailLocked?: (user: UserRow) => void;
  /**
   * Whether a refused (429) try is audited, by `email:<e-mail>` or `address:<ip>`: the routes allow
   * one a minute for each, so a flood cannot fill the append-only log. Without it, every one is.
   */
  auditThrottled?: (key: string) => boolean;
}

/** Audits a refused try, in the account's current organization when the e-mail has an account. */
async function recordThrottled(ctx: PublicAccountContext, email: string, limit: 'email' | 'address') {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  await ctx.auditAs(user, 'auth.sign-in-throttled', { type: 'user', id: user?.id }, { email, limit });
}

/**
 * Checks the credentials. A try that follows recent failures first waits (longer after each one,
 * see `signInDelayMs`). After too many failures for the e-mail or the address, every try is
 * refused until the window passes, even with the right password.
 */
export async function signIn(ctx: PublicAccountContext, input: SignInBody, hooks: SignInHooks = {}): Promise<UserRow> {
  const { db, actor } = ctx;
  const ip = actor.ip;
  const email = requireEmail(input.email);
  // Of many parallel guesses only those within the limit get their password checked.
  const { attemptId, byEmail, byIp, refusedBy: limit } = await countTry(db, email, ip);
  if (limit) {
    if (hooks.auditThrottled?.(limit === 'email' ? `email:${email}` : `address:${ip}`) ?? true) {
      await recordThrottled(ctx, email, limit);
    }
    countRateLimitRefusal(`sign-in-${limit}`);
    throw new AppError('auth/too-many-requests', 'Too many failed attempts. Please try again later.');
  }
  // The counts include this try: the failures before it are one fewer. The wait comes before the
  // password is checked, so a client that stops waiting learns nothing.
  const delay = signInTryDelayMs({ email: byEmail - 1, address: byIp - 1 });
  if (delay > 0) await (hooks.wait ?? sleep)(delay);
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) {
    await verify(await decoyHash(), input.password);
    return refuseCredentials(ctx, email, undefined, 'unknown-account');
  }
  if (!(await verify(user.passwordHash, input.password))) {
    if (byEmail >= MAX_FAILURES_PER_EMAIL) hooks.onEmailLocked?.(user);
    return refuseCredentials(ctx, email, user, 'wrong-password');
  }
  // Only the right password learns that the account is disabled.
  if (user.status !== 'active') {
    const code = 'auth/user-disabled';
    await ctx.auditAs(user, 'auth.sign-in-failed', { type: 'user', id: user.id }, { email, code });
    countSignInFailure(code);
    throw new AppError(code, AUTH_MESSAGES[code]);
  }
  await db.update(signInAttempts).set({ succeeded: true }).where(eq(signInAttempts.id, attemptId));
  // Told only after the right password, so that a refusal enumerates nothing.
  await hooks.passwordGate?.(ctx, user, input.ssoLink);
  if (user.mfaEnabledAt) {
    // The password was right; the session waits for the second factor (`completeMfaSignIn`).
    await ctx.auditAs(user, 'auth.sign-in-mfa-challenged', { type: 'user', id: user.id });
    throw await mfaChallenge(db, user);
  }
  const now = new Date();
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
  await ctx.auditAs(user, 'auth.sign-in', { type: 'user', id: user.id });
  return { ...user, lastLoginAt: now };
}

/** Records a sign-out. */
export async function recordSignOut(ctx: AccountRouteContext): Promise<void> {
  await ctx.audit('auth.sign-out', { type: 'user', id: ctx.user.id });
}

/**
 * The authenticated context: the user, their membership and organization (the current one, else
 * the first they belong to) and its clinics. Two statements: the memberships joined to their
 * organizations (the members and organizations modules' selects), then the clinics.
 */
export async function sessionContext({ db, user }: AccountRouteContext) {
  const member = activeMembershipsQuery(db, user.id).as('member');
  const organization = organizationsQuery(db).as('organization');
  const memberships = await db
    .select()
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .orderBy(asc(member.joinedAt));
  const current = memberships.find((m) => m.organization.id === user.currentOrganizationId) ?? memberships[0];
  const mfaEnabled = Boolean(user.mfaEnabledAt);
  if (!current) {
    return {
      user: toUserDto(user),
      organizationUser: null,
      organization: null,
      clinics: [],
      clinic: null,
      features: [],
      security: { mfaEnabled, mfaEnrolmentRequired: false },
    };
  }
  const clinicRows = await organizationClinics(db, current.organization.id);
  const clinic = clinicRows.find((c) => c.id === user.currentClinicId) ?? clinicRows[0] ?? null;
  const o = current.organization;
  return {
    user: toUserDto(user),
    organizationUser: toOrganizationUserDto(current.member, user),
    organization: toOrganizationDto(o),
    clinics: clinicRows.map(toClinicDto),
    clinic: clinic ? toClinicDto(clinic) : null,
    features: workspaceFeatures({
      planId: o.planId,
      status: o.subscriptionStatus,
      trialEndsAt: o.trialEndsAt,
      currentPeriodEnd: o.currentPeriodEnd,
      cancelAtPeriodEnd: o.cancelAtPeriodEnd,
    }),
    organizationCount: memberships.length,
    // The staff screens wait for enrolment when the organization requires a second factor (`platform/access.ts`).
    security: { mfaEnabled, mfaEnrolmentRequired: !mfaEnabled && (o.settings as { requireTwoFactor?: unknown }).requireTwoFactor === true },
  };
}
