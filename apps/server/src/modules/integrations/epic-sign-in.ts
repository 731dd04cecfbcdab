import { DEFAULT_EPIC_INTEGRATION, epicAuthMethodOf, epicIntegration, type EpicAuthMethod, type EpicIntegration } from '@clinic/domain';
import type { TenantRouteContext } from '../../platform/route/index.js';
import { organizationSettingAt } from '../organizations/index.js';
import { savedBearerOf } from './credentials.js';
import { currentSigningKey, ensureSigningKey } from './signing-keys.js';
import { smartSignIn, SmartTokenCache, type EhrReach, type SmartConnection } from './smart-token.js';

/** Runs `fn` in one tenant transaction of the organization: a request's `tenantTx`, or a sync run's. */
export type InTenant = <T>(fn: (ctx: TenantRouteContext) => Promise<T>) => Promise<T>;

/** Where the organization's settings keep the Epic connection. */
export const EPIC_SETTINGS_PATH = ['integrations', 'epic'] as const;

/** The organization's Epic connection as saved (defaults where nothing is), read in `ctx`'s transaction. */
export async function savedEpicConnection(ctx: Pick<TenantRouteContext, 'tx' | 'tenant'>, lock = false): Promise<EpicIntegration> {
  const saved = await organizationSettingAt(ctx.tx, ctx.tenant.organizationId, EPIC_SETTINGS_PATH, { forUpdate: lock });
  const parsed = epicIntegration.partial().safeParse(saved ?? {});
  return { ...DEFAULT_EPIC_INTEGRATION, ...(parsed.success ? parsed.data : {}) };
}

/**
 * How a request to the EHR signs in: the `Authorization` value (none for a bearer-token connection
 * with no token saved), or why it cannot (shown to the Admin: the EHR's own reason when its token
 * endpoint refused). `forget` drops a SMART token the EHR may no longer take.
 */
export type EpicSignIn = { method: EpicAuthMethod; forget: () => void } & (
  { ok: true; authorization: string | undefined } | { ok: false; error: string }
);

type Prepared =
  | { method: 'bearer-token'; authorization: string | undefined }
  | { method: 'smart-backend'; error: string }
  | { method: 'smart-backend'; cacheKey: string; cached: string }
  | { method: 'smart-backend'; connection: SmartConnection };

/**
 * Signs in to the organization's Epic EHR. A bearer-token connection sends its saved token. A SMART
 * Backend Services one uses the cached access token while it is good (unless `fresh`: Test
 * Connection proves the sign-in itself), else makes the organization's signing key if it has none
 * yet, then discovers the token endpoint, signs an assertion and asks for a token, outside any
 * transaction.
 */
export async function epicSignIn(inTenant: InTenant, reach: EhrReach, { fresh = false } = {}): Promise<EpicSignIn> {
  const prepared = await inTenant(async (ctx): Promise<Prepared> => {
    const epic = await savedEpicConnection(ctx);
    const bearer = await savedBearerOf(ctx.tx, ctx.tenant.organizationId, 'epic');
    if (epicAuthMethodOf(epic.authMethod, bearer !== undefined) === 'bearer-token') return { method: 'bearer-token', authorization: bearer };
    if (!epic.clientId) return { method: 'smart-backend', error: 'Set the client ID first.' };
    const cacheKey = SmartTokenCache.keyOf(ctx.tenant.organizationId, epic.baseUrl, epic.clientId);
    const cached = fresh ? undefined : reach.tokens.get(cacheKey);
    if (cached) return { method: 'smart-backend', cacheKey, cached };
    await ensureSigningKey(ctx);
    const key = (await currentSigningKey(ctx.tx, ctx.tenant.organizationId))!;
    return { method: 'smart-backend', connection: { cacheKey, baseUrl: epic.baseUrl, clientId: epic.clientId, key } };
  });
  if (prepared.method === 'bearer-token')
    return { method: prepared.method, forget: () => undefined, ok: true, authorization: prepared.authorization };
  if ('error' in prepared) return { method: prepared.method, forget: () => undefined, ok: false, error: prepared.error };
  const cacheKey = 'cached' in prepared ? prepared.cacheKey : prepared.connection.cacheKey;
  const forget = () => reach.tokens.drop(cacheKey);
  if ('cached' in prepared) return { method: prepared.method, forget, ok: true, authorization: prepared.cached };
  const outcome = await smartSignIn(prepared.connection, reach);
  return { method: prepared.method, forget, ...outcome };
}
