import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser, TenantOrganization } from '../../db/schema/index.js';
import type { AccountDb } from '../account-db.js';
import type { TenantContext } from '../access.js';
import type { EventType } from '../events.js';
import type { TenantTx } from '../tenant-tx.js';

/**
 * The one family of handler contexts. {@link RouteContext} is the common one (a tenant
 * transaction); the others are what a route without one gets. `defineRoute` picks the member from
 * the route's `caller`, `tenant` and `stream` options (`options.ts`, `ContextOf`).
 */

/** The organization and clinic a route acts in, resolved once per request. */
export interface RouteTenant {
  organizationId: string;
  clinicId: string | null;
  organization: TenantOrganization;
  /** The organization's IANA time zone (its settings, else the platform default). */
  timeZone: string;
}
/** A session's tenant: the caller's membership as the access plugin resolved it. */
export type StaffTenant = TenantContext & { timeZone: string };
/** A public route's tenant: the organization and clinic its URL names (a clinic always exists). */
export interface PublicTenant extends RouteTenant {
  clinicId: string;
  clinicName: string;
}

/** Who acts, for the audit trail: the signed-in user, or nobody on a public route. */
export interface RouteActor {
  userId: string | null;
  ip: string;
}
export interface StaffActor extends RouteActor {
  userId: string;
}
export interface PublicActor extends RouteActor {
  userId: null;
}
/** Who reads with an API key or a session: a staff member (`userId`) or an API key (`apiKeyId`), never both. */
export interface FhirActor extends RouteActor {
  /** The API key the request carried, when it was not a staff session. */
  apiKeyId: string | null;
}

/** The record an audit row is about; `id` is left out for reads of many (a list). */
export interface AuditEntity {
  type: string;
  id?: string | null;
}

/** Appends an audit row; what the context knows (organization, actor, address) is filled in. */
export type Audit = (action: string, entity: AuditEntity | null, details?: Record<string, unknown>) => Promise<void>;

/** Where an event goes besides its organization ({@link RouteContext.emit}). */
export interface EmitOptions {
  /**
   * Another clinic of the same organization (the one a record lives in, when the caller acts from
   * elsewhere); `null` for the whole organization. Unless given, the request's clinic.
   */
  clinicId?: string | null;
}

/** What a handler (and the services it calls) gets: never the database itself. */
export interface RouteContext<T extends RouteTenant = StaffTenant, A extends RouteActor = StaffActor> {
  /** The request's tenant transaction: RLS on, the app role, the organization set. */
  tx: TenantTx;
  tenant: T;
  actor: A;
  /**
   * Appends an audit row in the transaction, with the organization, actor and address filled in
   * and the request's clinic added to `details` as `clinicId` (not on a route of `scope:
   * 'organization'`).
   */
  audit: Audit;
  /**
   * Sends the event to the organization's listeners when (and only if) the transaction commits,
   * naming the request's clinic (not on a route of `scope: 'organization'`) unless
   * `options.clinicId` names another.
   */
  emit(type: EventType, entityId?: string, options?: EmitOptions): Promise<void>;
}
/** A session's context in its organization. */
export type TenantRouteContext = RouteContext<StaffTenant, StaffActor>;
/** A public caller's context in the place the request names. */
export type PublicRouteContext = RouteContext<PublicTenant, PublicActor>;
/** `caller: 'public-or-session'`: which of the two the request ran as. */
export type PublicOrTenantRouteContext = (TenantRouteContext & { signedIn: true }) | (PublicRouteContext & { signedIn: false });
/**
 * `caller: 'api-key'` (the FHIR server): for the whole organization (no clinic), its audit rows
 * naming the API key when one acts. A session's context ({@link TenantRouteContext}) fits it too.
 */
export type FhirRouteContext = RouteContext<RouteTenant, RouteActor>;

/** The organization and clinic a request names; they only choose among the caller's memberships. */
export interface TenantSelection {
  organizationId?: string;
  clinicId?: string;
}

/** The context of one organization's tenant transaction opened by account work ({@link InOrganization}). */
export type OrganizationRouteContext = RouteContext<RouteTenant, RouteActor>;

/**
 * Runs `fn` in one tenant transaction of `organizationId` (RLS on, the app role, its audit rows and
 * events the organization's, the request's actor acting), for account work that belongs to an
 * organization the caller need not be a member of: single sign-on, whose identity provider and
 * settings are the organization's. An unknown id is a 404; the work decides what it admits
 * (`admission.ts`, on `ctx.tenant.organization`). `actorUserId`, when given, is the account the
 * work turned out to be about: its audit rows name it as their actor (as `auditAs` does).
 */
export type InOrganization = <T>(organizationId: string, fn: (ctx: OrganizationRouteContext) => Promise<T>, actorUserId?: string) => Promise<T>;

/** `caller: 'public', tenant: 'none'` (sign-up, sign-in, an e-mail link): the account tables, nobody signed in yet. */
export interface PublicAccountContext {
  /** The account tables, outside any tenant (`account-db.ts`). */
  db: AccountDb;
  actor: PublicActor;
  /** A tenant transaction of an organization the request turned out to be about ({@link InOrganization}). */
  inOrganization: InOrganization;
  /**
   * Appends an audit row with `user` (the account the request turned out to be about, if any) as
   * its actor, in that user's current organization (none without one), and the request's address.
   */
  auditAs(user: SessionUser | null | undefined, action: string, entity: AuditEntity | null, details?: Record<string, unknown>): Promise<void>;
}

/** A transaction of an organization being created ({@link AccountRouteContext.inNewOrganization}). */
export interface NewOrganizationContext {
  /** A tenant transaction of the new organization (RLS on, its id set). */
  tx: TenantTx;
  /** The new organization's id, chosen by the platform. */
  organizationId: string;
  actor: StaffActor;
  /** Appends an audit row of the new organization in the transaction, actor and address filled in. */
  audit: Audit;
}

/** `caller: 'account'`: a signed-in user, not yet in a tenant. */
export interface AccountRouteContext {
  /** The account tables, outside any tenant (`account-db.ts`). */
  db: AccountDb;
  /** The signed-in user, as the session resolved it. */
  user: SessionUser;
  /** The request's session (sign-out ends it). */
  sessionId: string;
  actor: StaffActor;
  /**
   * The organization and clinic the request names (query, then body, then the X-Organization-Id
   * and X-Clinic-Id headers), when it names one.
   */
  selection: TenantSelection;
  /** Appends an audit row about the user's account, in their current organization (none without one). */
  audit: Audit;
  /**
   * Runs `fn` as a member of `wanted` (else of the user's current organization): the membership is
   * resolved among the user's own ones, then `fn` runs in one tenant transaction of it with a
   * session's context. A refused membership (`access/not-a-member`, `access/forbidden`) is
   * thrown, and audited in the user's current organization unless `auditRefusal` is false.
   */
  asMember<T>(wanted: TenantSelection, fn: (ctx: TenantRouteContext) => Promise<T>, options?: { auditRefusal?: boolean }): Promise<T>;
  /** Runs `fn` in a tenant transaction of a new organization, whose id the platform picks. */
  inNewOrganization<T>(fn: (ctx: NewOrganizationContext) => Promise<T>): Promise<T>;
  /**
   * A tenant transaction of an organization the user need not be a member of ({@link InOrganization}):
   * confirming a single sign-on link, which may make the user a member.
   */
  inOrganization: InOrganization;
  /**
   * Makes `wanted` the user's current organization and clinic (`membership.ts`); a refusal is
   * audited in the user's current organization.
   */
  selectOrganization(wanted: { organizationId: string; clinicId?: string }): Promise<{ organizationId: string; clinicId: string | null }>;
}

/**
 * `caller: 'session', tenant: 'on-demand'`: the access plugin resolved the membership and checked
 * the access, and the work also reads or writes the account tables, so it is not one transaction.
 */
export interface TenantAccountRouteContext {
  /** The account tables, outside any tenant (`account-db.ts`). */
  db: AccountDb;
  tenant: StaffTenant;
  actor: StaffActor;
  /** Runs `fn` in one tenant transaction of the request's organization, with a session's context. */
  tenantTx<T>(fn: (ctx: TenantRouteContext) => Promise<T>): Promise<T>;
}

/** `caller: 'webhook'`: a payment provider acts; the verified event names the organization. */
export interface WebhookContext {
  /** The account tables, outside any tenant: to find the organization an event is about. */
  db: AccountDb;
  actor: PublicActor;
  /**
   * Runs `fn` in one tenant transaction of `organizationId` with a route context (no user: the
   * provider acts), its audit rows and events of the organization. An unknown id is a 404.
   */
  inOrganization<T>(organizationId: string, fn: (ctx: RouteContext<RouteTenant, PublicActor>) => Promise<T>): Promise<T>;
}

/** `stream: true` of a session: no transaction is open (a stream must not hold one for its life). */
export interface SessionStreamContext {
  tenant: StaffTenant;
  actor: StaffActor;
}
/** `stream: true` of a public caller. */
export interface PublicStreamContext {
  actor: PublicActor;
}

/**
 * A route's handler: returns the reply's body. `request` and `reply` are there for what no
 * contract covers (a header such as Idempotency-Key, the session cookie); never for the tenant.
 */
export type RouteHandler<C, I, R = Promise<object>> = (ctx: C, input: I, request: FastifyRequest, reply: FastifyReply) => R;
