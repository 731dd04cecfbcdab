import {
  DEFAULT_EPIC_INTEGRATION,
  effectiveSettings,
  findPlan,
  mergeSettings,
  organizationSettings,
  planMemberChange,
  sessionTimeoutProblem,
  SETTINGS_ACCESS,
  isAllowed,
  userSettings,
  type OrgInfo,
  type SettingsPatch,
  type UserSettings,
} from '@clinic/domain';
import { and, eq, sql } from 'drizzle-orm';
import { memberSettings } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { accountProfilesQuery } from '../../platform/accounts.js';
import type { TenantRouteContext } from '../../platform/route/index.js';
import { hasIntegrationCredential } from '../integrations/index.js';
import { membershipOfQuery, updateOwnMembership } from '../members/index.js';

/**
 * What backs the two platform statements the Security category shows read-only (they are not a
 * member's choice, so a save cannot turn them off).
 */
export const PLATFORM_STATEMENTS = {
  encryption:
    'Passwords are stored as argon2id hashes and session tokens as SHA-256 digests; traffic is encrypted with TLS when the platform is served over https (PUBLIC_URL).',
  hipaa:
    "Every read and change of patient data is recorded in the organization's audit trail, and each organization's data is kept apart by row-level security in the database.",
} as const;

interface MemberFacts {
  email: string;
  firstName: string | null;
  lastName: string | null;
  lastLoginAt: Date | null;
  memberId: string;
  role: string;
  department: string | null;
  title: string | null;
  /** The account's TOTP second factor is confirmed (Account Security). */
  mfaEnabled: boolean;
  stored: unknown;
}

async function memberFacts(ctx: Pick<TenantRouteContext, 'tx' | 'tenant' | 'actor'>): Promise<MemberFacts> {
  const { tx, tenant, actor } = ctx;
  // The membership (members) and the account (platform/accounts.ts), each its owner's select, in one statement.
  const membership = membershipOfQuery(tx, tenant.organizationId, actor.userId).as('m');
  const account = accountProfilesQuery(tx).as('u');
  const [row] = await tx
    .select({
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      lastLoginAt: account.lastLoginAt,
      memberId: membership.id,
      role: membership.role,
      department: membership.department,
      title: membership.title,
      mfaEnabled: sql<boolean>`${account.mfaEnabledAt} is not null`,
      stored: memberSettings.settings,
    })
    .from(membership)
    .innerJoin(account, eq(account.id, membership.userId))
    .leftJoin(memberSettings, and(eq(memberSettings.organizationId, membership.organizationId), eq(memberSettings.userId, membership.userId)));
  if (!row) throw new AppError('access/not-a-member', 'You are not a member of this organization.');
  return row;
}

/**
 * The settings as the member sees them: the defaults, what they saved, then the facts that live
 * elsewhere laid over (their account's e-mail and names, their membership's role, department and
 * title, the platform's statements).
 */
function present(facts: MemberFacts, organizationMinutes: number): UserSettings {
  const s = effectiveSettings(facts.stored);
  s.security.authentication.sessionTimeout = Math.min(ownSessionTimeout(facts.stored) ?? organizationMinutes, organizationMinutes);
  s.profile.email = facts.email;
  s.profile.firstName = facts.firstName ?? '';
  s.profile.lastName = facts.lastName ?? '';
  s.profile.role = facts.role as UserSettings['profile']['role'];
  if (facts.department !== null) s.profile.department = facts.department;
  s.profile.title = facts.title ?? s.profile.title;
  s.security.authentication.twoFactorEnabled = facts.mfaEnabled;
  s.security.data.encryptionEnabled = true;
  s.security.compliance.hipaaCompliant = true;
  return s;
}

/** The caller's settings in the request's organization. */
export async function loadSettings(ctx: TenantRouteContext): Promise<UserSettings> {
  return present(await memberFacts(ctx), organizationTimeout(ctx));
}

/** The session timeout the member chose for themself, if any (none: the organization's applies). */
function ownSessionTimeout(stored: unknown): number | null {
  const value = (stored as { security?: { authentication?: { sessionTimeout?: unknown } } } | null)?.security?.authentication?.sessionTimeout;
  return typeof value === 'number' ? value : null;
}

/** The organization's session timeout, in minutes. */
function organizationTimeout(ctx: TenantRouteContext): number {
  return organizationSettings.parse(ctx.tenant.organization.settings ?? {}).sessionTimeoutMinutes;
}

/**
 * Saves a part of the caller's settings: merged into what they stored, the whole parsed again (a
 * wrong value or an unknown key is a 400 and nothing is written). The role is the membership's and
 * changes only for someone allowed to change roles (else 403); the e-mail is the account's and
 * the platform statements are not choices. Names are the account's: they are returned to be
 * written there by the route (the account table is outside the tenant transaction).
 */
export async function saveSettings(
  ctx: TenantRouteContext,
  patch: SettingsPatch,
): Promise<{ settings: UserSettings; names: { firstName: string; lastName: string } | null }> {
  const facts = await memberFacts(ctx);
  const organizationMinutes = organizationTimeout(ctx);
  const current = present(facts, organizationMinutes);
  const next = userSettings.parse(mergeSettings(current, patch));

  if (next.profile.email !== facts.email)
    throw new AppError('validation/email-read-only', "The e-mail is your account's and cannot be changed here.");
  // Turning the second factor on needs a code from the authenticator app, off needs the password
  // and a code: both happen on Account Security, where the server checks them.
  if (next.security.authentication.twoFactorEnabled !== facts.mfaEnabled)
    throw new AppError('validation/two-factor-elsewhere', 'Turn two-factor authentication on or off from Account Security.');
  if (!next.security.data.encryptionEnabled || !next.security.compliance.hipaaCompliant)
    throw new AppError('validation/platform-statement', 'Encryption and HIPAA safeguards are statements of the platform, not settings.');
  const timeoutProblem = sessionTimeoutProblem(next.security.authentication.sessionTimeout, organizationMinutes);
  if (timeoutProblem) throw new AppError('validation/session-timeout', timeoutProblem);

  const { tx, tenant, actor } = ctx;
  const member = tenant.member;
  if (next.profile.role !== facts.role) {
    if (!isAllowed(member, SETTINGS_ACCESS.changeRole))
      throw new AppError('access/forbidden', 'Only someone allowed to change roles can change your role.');
    const plan = planMemberChange(member, { role: facts.role, permissions: member.permissions }, { role: next.profile.role });
    if (!plan.ok || facts.role === 'Owner') throw new AppError('access/forbidden', 'Your role cannot be changed to that one.');
    await updateOwnMembership(tx, tenant.organizationId, facts.memberId, { role: next.profile.role, permissions: plan.permissions });
    await ctx.audit(
      'member.role-changed',
      { type: 'member', id: facts.memberId },
      { before: facts.role, after: next.profile.role, via: 'settings' },
    );
  }
  if (next.profile.department !== current.profile.department || next.profile.title !== current.profile.title) {
    await updateOwnMembership(tx, tenant.organizationId, facts.memberId, {
      department: next.profile.department || null,
      title: next.profile.title || null,
    });
  }

  // What is stored is the member's own choices; the facts that live elsewhere are left out. A
  // session timeout equal to the organization's is no choice: the organization's then applies,
  // and follows it when it changes (the database reads the stored one: platform/sessions.ts).
  const { email: _e, role: _r, firstName: _f, lastName: _l, department: _d, title: _t, ...ownProfile } = next.profile;
  const { sessionTimeout, ...authentication } = next.security.authentication;
  const ownTimeout = sessionTimeout < organizationMinutes ? { sessionTimeout } : {};
  const stored = {
    ...next,
    profile: ownProfile,
    security: { ...next.security, authentication: { ...authentication, ...ownTimeout } },
  };
  await tx
    .insert(memberSettings)
    .values({ organizationId: tenant.organizationId, userId: actor.userId, settings: stored })
    .onConflictDoUpdate({ target: [memberSettings.organizationId, memberSettings.userId], set: { settings: stored, updatedAt: sql`now()` } });
  await ctx.audit('settings.updated', { type: 'member', id: facts.memberId }, { sections: Object.keys(patch ?? {}) });

  const namesChanged = next.profile.firstName !== current.profile.firstName || next.profile.lastName !== current.profile.lastName;
  return {
    settings: { ...next },
    names: namesChanged ? { firstName: next.profile.firstName, lastName: next.profile.lastName } : null,
  };
}

/** Writes the member's names to their account (after the settings' transaction committed). */
export { saveAccountNames } from '../../platform/accounts.js';

/** `GET /api/org/info`: the System category's organization facts. */
export async function orgInfo(ctx: TenantRouteContext): Promise<OrgInfo> {
  const facts = await memberFacts(ctx);
  const org = ctx.tenant.organization;
  const settings = organizationSettings.parse(org.settings ?? {});
  const rawIntegrations = ((org.settings ?? {}) as { integrations?: Record<string, unknown> }).integrations ?? {};
  const integrations: Record<string, boolean> = {};
  for (const [key, value] of Object.entries(rawIntegrations)) {
    if (key === 'epic') continue;
    const enabled = typeof value === 'boolean' ? value : (value as { enabled?: unknown } | null)?.enabled;
    if (typeof enabled === 'boolean') integrations[key] = enabled;
  }
  return {
    id: org.id,
    name: org.name,
    type: org.type,
    plan: findPlan(org.planId)?.name ?? 'No plan',
    role: facts.role,
    department: facts.department,
    lastLogin: facts.lastLoginAt?.toISOString() ?? null,
    sessionTimeoutMinutes: settings.sessionTimeoutMinutes,
    epic: { ...DEFAULT_EPIC_INTEGRATION, ...settings.integrations?.epic },
    epicBearerTokenSet: await hasIntegrationCredential(ctx, 'epic'),
    integrations,
    statements: PLATFORM_STATEMENTS,
  };
}
