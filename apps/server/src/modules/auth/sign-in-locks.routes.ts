import { clearSignInLockBody } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDb } from '../../db/client.js';
import { tenantOf, userOf, type RouteAccess } from '../../platform/access.js';
import { parse } from '../../platform/parse.js';
import { clearSignInLock, listSignInLocks } from './sign-in-locks.js';

/** Admins of the organization, who also manage its users. */
const ADMINISTER_USERS: RouteAccess = { tenant: true, role: 'Admin', permission: 'canManageUsers' };

/**
 * Sign-in locks of the organization's members (organization administration): an Admin sees which
 * members' e-mails are locked after failed sign-ins and can open them again. Address locks are not
 * here: they expire by themselves (docs/security.md says why).
 */
export async function signInLockRoutes(app: FastifyInstance, opts: { db: AppDb }) {
  const { db } = opts;

  app.get('/api/organizations/sign-in-locks', { config: { access: ADMINISTER_USERS, contract: { summary: "Members' e-mails locked after failed sign-ins" } } }, async (request) => {
    return { success: true, locks: await listSignInLocks(db, tenantOf(request)) };
  });

  app.delete('/api/organizations/sign-in-locks', { config: { access: ADMINISTER_USERS, contract: { summary: "Clear a member's sign-in lock", body: clearSignInLockBody } } }, async (request) => {
    const { email } = parse(clearSignInLockBody, request.body);
    const result = await clearSignInLock(db, tenantOf(request), userOf(request), email, request.ip);
    return { success: true, ...result };
  });
}
