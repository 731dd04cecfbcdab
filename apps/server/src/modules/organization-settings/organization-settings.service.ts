import { organizationSettings, type OrganizationSettings } from '@clinic/domain/contracts/organizations';
import type { OrganizationSettingsDto, UpdateOrganizationSettingsBody } from '@clinic/domain/contracts/organization-settings';
import { pagingSettingsInput } from '@clinic/domain/contracts/paging';
import { addressAllowed } from '@clinic/domain/rules/ip-allow-list';
import { pagingSettingsOf } from '@clinic/domain/rules/paging';
import { AppError, notFound } from '../../platform/errors.js';
import type { RouteTenant, TenantRouteContext, TenantTx } from '../../platform/route/index.js';
import { organizationRow as storedRow, updateOrganizationRow, type OrganizationRow } from '../organizations/index.js';
import { newSealedSigningSecret, SIGNING_SECRET_SETTING, signingSecretOf } from '../paging/index.js';

/** The stored settings, read leniently: a field that does not parse takes its default. */
function storedSettings(raw: unknown): OrganizationSettings {
  const parsed = organizationSettings.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const fields = { ...(raw as Record<string, unknown>) };
  for (const issue of parsed.error.issues) delete fields[String(issue.path[0])];
  return organizationSettings.parse(fields);
}

/** An organization's row and settings as the six tabs show them. */
export function toSettingsDto(row: OrganizationRow): OrganizationSettingsDto {
  const s = storedSettings(row.settings);
  const raw = (row.settings ?? {}) as Record<string, unknown>;
  return {
    general: { name: row.name, type: row.type, description: row.description ?? '', timezone: s.timezone, language: s.language },
    security: {
      requireTwoFactor: s.requireTwoFactor,
      sessionTimeout: s.sessionTimeoutMinutes,
      passwordPolicy: s.passwordPolicy,
      ipWhitelist: s.ipWhitelist,
    },
    notifications: s.notifications,
    integrations: { emr: s.integrations.emr, lab: s.integrations.lab, radiology: s.integrations.radiology },
    billing: {
      plan: row.planId,
      status: row.subscriptionStatus,
      nextBillingDate: (row.currentPeriodEnd ?? (row.subscriptionStatus === 'trialing' ? row.trialEndsAt : null))?.toISOString() ?? null,
      email: s.billing.email,
      address: s.billing.address,
      // The card summary the provider's signed webhook events reported (billing module), else none.
      paymentMethod: row.paymentMethod
        ? `${row.paymentMethod.brand.toUpperCase()} ending in ${row.paymentMethod.last4}, expires ${String(row.paymentMethod.expMonth).padStart(2, '0')}/${row.paymentMethod.expYear}`
        : null,
    },
    paging: { ...pagingSettingsOf(raw.paging), signingSecret: signingSecretOf(raw, row.id) },
  };
}

async function organizationRow(tx: TenantTx, organizationId: string, forUpdate = false): Promise<OrganizationRow> {
  const row = await storedRow(tx, organizationId, { forUpdate });
  if (!row) throw notFound('Organization');
  return row;
}

/** The request's organization's settings. */
export async function readOrganizationSettings({ tx, tenant }: { tx: TenantTx; tenant: RouteTenant }): Promise<OrganizationSettingsDto> {
  return toSettingsDto(await organizationRow(tx, tenant.organizationId));
}

/** `changes` laid over `base`, nested objects merged key by key; what `changes` leaves out stays. */
function merged<T extends Record<string, unknown>>(base: T, changes: Record<string, unknown> | undefined): T {
  if (!changes) return base;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    const current = out[key];
    out[key] =
      value && typeof value === 'object' && !Array.isArray(value) && current && typeof current === 'object' && !Array.isArray(current)
        ? merged(current as Record<string, unknown>, value as Record<string, unknown>)
        : value;
  }
  return out as T;
}

/** The allow-list as saved: trimmed, without blank lines or repeats. */
const cleanList = (list: string[]) => [...new Set(list.map((entry) => entry.trim()).filter(Boolean))];

/**
 * Saves a change of any part of the settings; the rest keeps its value. Refused whole (nothing
 * saved) when the result does not hold, or when the IP allow-list would shut out the address of
 * the Admin saving it.
 */
export async function updateOrganizationSettings(ctx: TenantRouteContext, body: UpdateOrganizationSettingsBody): Promise<OrganizationSettingsDto> {
  const { tx, tenant } = ctx;
  const row = await organizationRow(tx, tenant.organizationId, true);
  const raw = (row.settings ?? {}) as Record<string, unknown>;
  const current = storedSettings(raw);
  const { general = {}, security = {}, notifications, integrations, billing, paging } = body;
  const ipWhitelist = security.ipWhitelist ? cleanList(security.ipWhitelist) : undefined;
  if (ipWhitelist && ipWhitelist.length > 0 && !addressAllowed(ctx.actor.ip, ipWhitelist)) {
    throw new AppError(
      'settings/locks-you-out',
      `Your current address (${ctx.actor.ip}) is not on this list: saving it would lock you out. Add your address or a range that includes it.`,
      [{ path: 'security.ipWhitelist', message: `Add your current address (${ctx.actor.ip})` }],
    );
  }
  // Keys other features keep in the settings (visit fees, visiting hours...) stay as they are.
  const next = merged({ ...raw, ...current } as Record<string, unknown>, {
    timezone: general.timezone,
    language: general.language,
    requireTwoFactor: security.requireTwoFactor,
    sessionTimeoutMinutes: security.sessionTimeout,
    passwordPolicy: security.passwordPolicy,
    notifications,
    integrations,
    billing,
  });
  if (ipWhitelist) next.ipWhitelist = ipWhitelist;
  const checked = organizationSettings.safeParse(next);
  const checkedPaging = paging ? pagingSettingsInput.safeParse(merged({ ...pagingSettingsOf(raw.paging) }, paging)) : null;
  const issues = [
    ...(checked.success ? [] : checked.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))),
    ...(checkedPaging && !checkedPaging.success
      ? checkedPaging.error.issues.map((i) => ({ path: ['paging', ...i.path].join('.'), message: i.message }))
      : []),
  ];
  if (!checked.success || (checkedPaging && !checkedPaging.success)) throw new AppError('validation/invalid', 'Some fields are invalid.', issues);
  if (checkedPaging?.data) {
    next.paging = checkedPaging.data;
    // The webhook's deliveries are signed from the first one: its secret is made with its address.
    if (checkedPaging.data.webhookUrl && !raw[SIGNING_SECRET_SETTING]) next[SIGNING_SECRET_SETTING] = newSealedSigningSecret(tenant.organizationId);
  }
  const columns = Object.fromEntries(
    Object.entries({ name: general.name, type: general.type, description: general.description }).filter(([, v]) => v !== undefined),
  );
  const saved = await updateOrganizationRow(tx, tenant.organizationId, {
    ...columns,
    settings: { ...next, ...checked.data },
    updatedAt: new Date(),
  });
  if (!saved) throw notFound('Organization');
  const changed = Object.entries(body).flatMap(([section, fields]) => Object.keys(fields ?? {}).map((field) => `${section}.${field}`));
  await ctx.audit('organization.settings-updated', { type: 'organization', id: tenant.organizationId }, { fields: changed });
  return toSettingsDto(saved);
}
