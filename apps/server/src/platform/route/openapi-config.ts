import type { ScopedResource } from '@clinic/domain';
import { checkAccessInHandler, type RouteAccess } from '../access.js';
import type { RouteContract } from '../openapi.js';
import type { AccessRule, Caller, TenantMode } from './options.js';
import type { ReplyMedia } from './reply-schema.js';

/** What the route config needs of a route's options. */
export interface ConfigSpec {
  summary: string;
  caller: Caller;
  tenant?: TenantMode;
  stream?: boolean;
  access?: AccessRule;
  body?: unknown;
  query?: unknown;
  reply?: unknown;
  replyMedia?: ReplyMedia | readonly ReplyMedia[];
  status?: number;
  idempotent?: unknown;
  resources?: readonly ScopedResource[];
}

/**
 * The access the route config states, read by the access plugin, the OpenAPI document and the
 * conformance suite. A session that runs in one tenant transaction (and the API key's routes) is
 * checked by the handler instead: the session, the membership and the start of the transaction
 * are one round trip (`withRequestTenant`), so the access plugin leaves it.
 */
export function accessOf(spec: ConfigSpec): RouteAccess {
  switch (spec.caller) {
    case 'session': {
      const access = { tenant: true as const, ...spec.access };
      return spec.tenant === 'on-demand' || spec.stream ? access : checkAccessInHandler(access);
    }
    case 'api-key':
      return checkAccessInHandler({ tenant: true, ...spec.access, apiKey: true });
    case 'account':
      return { signedIn: true };
    case 'public':
    case 'public-or-session':
    case 'webhook':
      return { public: true };
  }
}

/** The contracts the OpenAPI document and the conformance suite read. */
export function contractOf(spec: ConfigSpec): RouteContract {
  const contract: RouteContract = { summary: spec.summary };
  if (spec.body) contract.body = spec.body as RouteContract['body'];
  if (spec.query) contract.query = spec.query as RouteContract['query'];
  if (spec.idempotent) contract.idempotent = true;
  if (spec.reply) contract.reply = spec.reply as RouteContract['reply'];
  if (spec.replyMedia) contract.replyMedia = spec.replyMedia;
  if (spec.status && spec.status !== 200) contract.status = spec.status;
  if (spec.resources) contract.resources = spec.resources;
  return contract;
}
