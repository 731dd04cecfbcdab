import { MEMBERS_ACCESS, idSchema, inviteBody, updateMemberBody } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { appOrigin, type LinkConfig } from '../../platform/links.js';
import { accountRoute, tenantRoute } from '../../platform/route.js';
import { acceptByToken, invite, listInvitations, listMembers, memberStats, updateMember } from './members.service.js';

const tokenParams = z.object({
  token: z
    .string()
    .min(10)
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/),
});
const memberParams = z.object({ memberId: idSchema });
/** Members and invitations belong to the organization, not to the clinic the caller has open. */
const scope = 'organization';

/** Members, invitations and their permission changes. */
export async function memberRoutes(app: FastifyInstance, opts: { links: LinkConfig }) {
  tenantRoute(
    app,
    { method: 'GET', url: '/api/organizations/members', summary: 'Members of the organization', access: MEMBERS_ACCESS.list, scope },
    async (ctx) => ({ success: true, members: await listMembers(ctx) }),
  );

  tenantRoute(
    app,
    { method: 'GET', url: '/api/org/users', summary: 'Members with user statistics', access: MEMBERS_ACCESS.list, scope },
    async (ctx) => {
      const [users, stats] = await Promise.all([listMembers(ctx), memberStats(ctx)]);
      return { success: true, users, stats };
    },
  );

  tenantRoute(
    app,
    { method: 'GET', url: '/api/organizations/stats', summary: 'User statistics', access: MEMBERS_ACCESS.stats, scope },
    async (ctx) => ({ success: true, stats: { statistics: await memberStats(ctx) } }),
  );

  tenantRoute(
    app,
    { method: 'GET', url: '/api/organizations/invitations', summary: 'Pending invitations', access: MEMBERS_ACCESS.invitations, scope },
    async (ctx) => ({ success: true, invitations: await listInvitations(ctx) }),
  );

  tenantRoute(
    app,
    {
      method: 'POST',
      url: '/api/organizations/invite',
      summary: 'Invite someone by e-mail',
      access: MEMBERS_ACCESS.administer,
      scope,
      body: inviteBody,
      status: 201,
    },
    async (ctx, { body }, request) => {
      // Before anything is written: without a link to send, nothing is done.
      const origin = appOrigin(opts.links, request);
      const created = await invite(ctx, body);
      const acceptUrl = `${origin}/login?invite=${encodeURIComponent(created.token)}`;
      return { success: true, invitation: { ...created, acceptUrl } };
    },
  );

  accountRoute(
    app,
    { method: 'POST', url: '/api/organizations/invitations/:token/accept', summary: 'Accept an invitation', params: tokenParams },
    async (ctx, { params }) => ({ success: true, ...(await acceptByToken(ctx, params.token)) }),
  );

  tenantRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/organizations/members/:memberId',
      summary: 'Change a member role, flags or status',
      access: MEMBERS_ACCESS.administer,
      scope,
      params: memberParams,
      body: updateMemberBody,
    },
    async (ctx, { params, body }) => {
      const member = await updateMember(ctx, params.memberId, body);
      await ctx.emit('member.updated', params.memberId);
      return { success: true, member };
    },
  );
}
