import type { Feature, RouteAccessRule, ScopedResource } from '@clinic/domain';
import type { OrganizationToggle } from '@clinic/domain/rules/organization-admission';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { IdempotencyOption } from '../idempotency.js';
import type { RateLimiter } from '../rate-limit.js';
import type {
  AccountRouteContext,
  FhirRouteContext,
  PublicAccountContext,
  PublicOrTenantRouteContext,
  PublicRouteContext,
  PublicStreamContext,
  SessionStreamContext,
  TenantAccountRouteContext,
  TenantRouteContext,
  WebhookContext,
} from './context.js';
import type { RouteInput, Schema } from './input.js';
import type { ReplyMedia } from './reply-schema.js';

/**
 * Who may call a route (`callers.ts` checks it):
 * - `'session'`: a signed-in member of the request's organization whom `access` admits;
 * - `'account'`: any signed-in user, no organization needed (the session, choosing one);
 * - `'public'`: anyone; with a tenant, in the organization and clinic the request names;
 * - `'public-or-session'`: a session (checked as `'session'`) or else anyone (as `'public'`);
 * - `'api-key'`: an organization's API key with a scope for each of `resources`, or a session as `'session'`;
 * - `'webhook'`: a payment provider whose signature the handler verifies on the raw body.
 */
export type Caller = 'session' | 'account' | 'public' | 'public-or-session' | 'api-key' | 'webhook';

/**
 * How the handler reaches its tenant:
 * - `'transaction'`: it runs in one tenant transaction of the request's organization;
 * - `'on-demand'` (`'session'` only): it gets the account tables and opens tenant transactions itself;
 * - `'none'`: there is no tenant (`'account'`, `'webhook'`, and a public route that acts on accounts).
 */
export type TenantMode = 'transaction' | 'on-demand' | 'none';

/** A caller's tenant mode unless the route gives one. */
export type DefaultTenant<C extends Caller> = C extends 'account' | 'webhook' ? 'none' : 'transaction';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An access rule of a feature's table in `@clinic/domain` (`rules/route-access.ts`). */
export type AccessRule = RouteAccessRule & { featureMessage?: string };

/** Options every route may state: OpenAPI, validation and the 400 on bad input all come from them. */
interface CommonOptions<C extends Caller, T extends TenantMode, P extends Schema, Q extends Schema, B extends Schema, S extends boolean> {
  method: Method;
  url: string;
  summary: string;
  caller: C;
  /** How the handler reaches its tenant; the caller's default ({@link DefaultTenant}) unless given. */
  tenant?: T;
  /** Path parameters (`:id`). */
  params?: P;
  query?: Q;
  /**
   * The body. Where a tenant transaction or the request's membership is used, `organizationId`
   * and `clinicId` (tenant selectors) are dropped before parsing; elsewhere it is parsed as sent.
   * A webhook's handler gets the raw text instead.
   */
  body?: B;
  /**
   * The success reply's contract: shown by `/api/openapi.json`, checked in tests (`reply-check.ts`)
   * and, for a JSON reply, what production serializes the reply from (`reply-schema.ts`).
   */
  reply?: z.ZodType;
  /** The success reply's media type when it is not JSON; `reply` then describes that body (`z.string()` for text). */
  replyMedia?: ReplyMedia | readonly ReplyMedia[];
  /**
   * The body must be a JSON object: null, an array or a number is refused (400) before the
   * contract reads it, where a contract of optional fields would take it for "no fields".
   */
  objectBody?: boolean;
  /** Status of a success; 200 unless given (201 for a creation). */
  status?: number;
  /**
   * Honours an `Idempotency-Key` header (`platform/idempotency.ts`): a retry with the same key and
   * request gets the first answer without running the handler again. `true` scopes keys to this
   * method and URL; `{ scope }` lets aliases share them. Requests without the header run as usual.
   */
  idempotent?: IdempotencyOption;
  /**
   * 'organization' for routes about the organization itself (its settings, clinics, members):
   * their audit rows carry no `clinicId` and their events go to the whole organization. Unless
   * given, both name the request's clinic.
   */
  scope?: 'clinic' | 'organization';
  /** Counted per address before anything is parsed or read; per API key, once known, for `'api-key'`. */
  rateLimit?: { limiter: RateLimiter; scope: string };
  /**
   * The handler answers with a stream it takes over (`reply.hijack()`, server-sent events): a
   * `GET` with no transaction open, as a stream must not hold one for its life.
   */
  stream?: S;
  /** A public caller's place: the organization when neither the query nor the body names one. */
  defaultOrganizationId?: string;
  /** The plan feature the route belongs to: an organization whose plan lacks it refuses public callers (402). */
  feature?: Feature;
  /** An organization setting that must be on for public callers (`kioskEnabled`), else 403. */
  setting?: OrganizationToggle;
  /**
   * `'public-or-session'`: whether the request is a session one (default: it carries a session).
   */
  asStaff?: (request: FastifyRequest) => boolean;
}

/** What a session caller needs, and the resources an API key needs a scope for. */
type AccessOptions<C extends Caller> = C extends 'session' | 'public-or-session'
  ? { access: AccessRule; resources?: never }
  : C extends 'api-key'
    ? { access: AccessRule; resources: readonly ScopedResource[] }
    : { access?: never; resources?: never };

/** A route's options: who may call it, its tenant and its contracts, each stated once. */
export type RouteDefinition<
  C extends Caller,
  T extends TenantMode = DefaultTenant<C>,
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  S extends boolean = false,
> = CommonOptions<C, T, P, Q, B, S> & AccessOptions<C>;

/** A route's options with their types forgotten: what the platform reads at run time. */
export type AnyOptions = CommonOptions<Caller, TenantMode, Schema, Schema, Schema, boolean> & {
  access?: AccessRule;
  resources?: readonly ScopedResource[];
};

/** The handler's context for a caller, a tenant mode and whether it streams. */
export type ContextOf<C extends Caller, T extends TenantMode, S extends boolean> = S extends true
  ? C extends 'session'
    ? SessionStreamContext
    : C extends 'public'
      ? PublicStreamContext
      : never
  : T extends 'transaction'
    ? {
        session: TenantRouteContext;
        public: PublicRouteContext;
        'public-or-session': PublicOrTenantRouteContext;
        'api-key': FhirRouteContext;
        account: never;
        webhook: never;
      }[C]
    : T extends 'on-demand'
      ? C extends 'session'
        ? TenantAccountRouteContext
        : never
      : {
          account: AccountRouteContext;
          public: PublicAccountContext;
          webhook: WebhookContext;
          session: never;
          'public-or-session': never;
          'api-key': never;
        }[C];

/** The handler's input: the parsed parts, or a webhook's raw body. */
export type InputOf<C extends Caller, P extends Schema, Q extends Schema, B extends Schema> = C extends 'webhook'
  ? Omit<RouteInput<P, Q>, 'body'> & { body: string }
  : RouteInput<P, Q, B>;

/** What the handler returns: the reply's body, or nothing for a stream it took over. */
export type ResultOf<S extends boolean> = S extends true ? Promise<void> | void : Promise<object>;
