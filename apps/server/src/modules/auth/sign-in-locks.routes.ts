import { SIGN_IN_LOCKS_ACCESS, clearSignInLockBody, clearSignInLockResponse, signInLockListResponse } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/route/index.js';
import { clearSignInLock, listSignInLocks } from './sign-in-locks.js';

/** Sign-in locks are the organization's business, not the open clinic's. */
const scope = 'organization';

/**
 * Sign-in locks of the organization's members (organization administration): an Admin sees which
 * members' e-mails are locked after failed sign-ins and can open them again. Address locks are not
 * here: they expire by themselves (docs/security.md says why). The failed tries are account data,
 * outside the tenant: hence `tenant: 'on-demand'`.
 */
export async function signInLockRoutes(app: FastifyInstance) {
  defineRoute(
    app,
    {
      caller: 'session',
      tenant: 'on-demand',
      method: 'GET',
      url: '/api/organizations/sign-in-locks',
      summary: "Members' e-mails locked after failed sign-ins",
      access: SIGN_IN_LOCKS_ACCESS.manage,
      scope,
      reply: signInLockListResponse,
    },
    async (ctx) => ({ success: true, locks: await listSignInLocks(ctx) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      tenant: 'on-demand',
      method: 'DELETE',
      url: '/api/organizations/sign-in-locks',
      summary: "Clear a member's sign-in lock",
      access: SIGN_IN_LOCKS_ACCESS.manage,
      scope,
      body: clearSignInLockBody,
      reply: clearSignInLockResponse,
    },
    async (ctx, { body }) => ({ success: true, ...(await clearSignInLock(ctx, body.email)) }),
  );
}
