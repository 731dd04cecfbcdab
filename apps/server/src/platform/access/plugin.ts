import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDb } from '../../db/client.js';
import type { SessionUser } from '../../db/schema/index.js';
import { resolveSession, tokenFrom } from '../sessions.js';
import { checkWriteRequest, isApiPath } from './origin.js';
import { auditingRefusals } from './refusals.js';
import { isCheckedByHandler, signInRequired } from './request-tenant.js';
import { resolveSessionAndMembership } from './session-lookup.js';
import { checkRouteAccess, selectedTenant } from './tenant-membership.js';
import type { RouteAccess, TenantContext } from './types.js';

/** Authentication, tenancy and access checks for every `/api` route, from its `access` option. */
export const accessPlugin = fp(
  async (app: FastifyInstance, opts: { db: AppDb; publicUrl?: string }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('tenant', null);

    app.addHook('onRoute', (route) => {
      if (isApiPath(route.url) && !route.config?.access) {
        throw new Error(`Route ${route.method} ${route.url} declares no access requirement`);
      }
    });

    // Plain callbacks, not async functions: most requests pass both without waiting for anything.
    app.addHook('onRequest', (request, _reply, done) => {
      try {
        checkWriteRequest(request, opts.publicUrl);
      } catch (err) {
        return done(err as Error);
      }
      done();
    });

    app.addHook('preHandler', (request, _reply, done) => {
      const access = request.routeOptions.config?.access;
      if (!access || 'public' in access || isCheckedByHandler(access)) return done();
      checkSession(request, access).then(() => done(), done);
    });

    /** The session (and the tenant, for a tenant route) of a request to a route that needs one. */
    async function checkSession(request: FastifyRequest, access: RouteAccess): Promise<void> {
      const token = tokenFrom(request);
      const wanted = 'tenant' in access ? selectedTenant(request) : {};
      // A tenant route reads the session and the membership in one statement.
      const resolved = !token
        ? null
        : 'tenant' in access
          ? await resolveSessionAndMembership(opts.db, token, wanted, request.ip)
          : await resolveSession(opts.db, token, Date.now(), request.ip).then((session) => session && { session, membership: undefined });
      if (!resolved) throw signInRequired();
      const { session } = resolved;
      request.user = session.user;
      request.sessionId = session.sessionId;
      if (!('tenant' in access)) return;
      request.tenant = await auditingRefusals(opts.db, request, session.user, wanted, async () =>
        checkRouteAccess(session.user, wanted, resolved.membership, access, request.ip, request.method),
      );
    }
  },
  { name: 'access' },
);

/** The tenant context of a request whose route declared `tenant: true`. */
export function tenantOf(request: FastifyRequest): TenantContext {
  if (!request.tenant) throw new Error('tenantOf called on a route without tenant access');
  return request.tenant;
}

/** The signed-in user of a request whose route required a session. */
export function userOf(request: FastifyRequest): SessionUser {
  if (!request.user) throw new Error('userOf called on a route without a session');
  return request.user;
}
