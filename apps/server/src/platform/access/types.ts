import type { AccessRequirement, Feature, Permissions } from '@clinic/domain';
import type { OrganizationToggle } from '@clinic/domain/rules/organization-admission';
import type { SessionUser, TenantOrganization } from '../../db/schema/index.js';

/**
 * What a route needs. Every `/api` route (and every FHIR read) declares one:
 * - `public`: anyone (the route enforces its own limits);
 * - `signedIn`: a valid session;
 * - `tenant`: a session plus an active membership of the selected organization, and optionally a
 *   role, a permission flag, a plan feature or an organization setting that must be on; with
 *   `apiKey`, an organization API key may call it instead of a session (the FHIR reads).
 */
export type RouteAccess =
  | { public: true }
  | { signedIn: true }
  | ({
      tenant: true;
      feature?: Feature;
      featureMessage?: string;
      evenReadOnly?: boolean;
      setting?: OrganizationToggle;
      apiKey?: true;
    } & AccessRequirement);

/** The access of a route acting in a tenant. */
export type TenantAccess = Extract<RouteAccess, { tenant: true }>;

/** The organization and clinic a request selects ({@link TenantContext} once admitted). */
export interface WantedTenant {
  organizationId?: string;
  clinicId?: string;
}

/** The organization, clinic and membership a tenant request acts in. */
export interface TenantContext {
  organizationId: string;
  clinicId: string | null;
  organization: TenantOrganization;
  member: { id: string; role: string; permissions: Permissions; status: string };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
    tenant: TenantContext | null;
  }
}
