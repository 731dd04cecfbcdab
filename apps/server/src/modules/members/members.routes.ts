import { MEMBERS_ACCESS, idSchema, inviteBody, updateMemberBody } from '@clinic/domain';
import {
  invitationAcceptedResponse,
  invitationListResponse,
  memberDirectoryResponse,
  memberListResponse,
  memberRemovedResponse,
  memberResponse,
  memberStatsResponse,
  revokedInvitationResponse,
  sentInvitationResponse,
} from '@clinic/domain/contracts/members';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { appOrigin, type LinkConfig } from '../../platform/links.js';
import { defineRoute } from '../../platform/route/index.js';
import { sendIfConfigured, type Mailer } from '../../platform/mail.js';
import { sendsInvitationMail } from '../../platform/notification-settings.js';
import {
  acceptByToken,
  invite,
  listInvitations,
  listMembers,
  memberStats,
  removeMember,
  resendInvitation,
  revokeInvitation,
  updateMember,
} from './members.service.js';

/** The invitation mail: the accept link, who invites and the role; nothing else. */
function invitationMail(to: string, organizationName: string, role: string, acceptUrl: string, expiresAt: string) {
  const until = new Date(expiresAt).toUTCString();
  return {
    to,
    subject: `You are invited to join ${organizationName}`,
    text: `You have been invited to join ${organizationName} as ${role}.\n\nAccept the invitation: ${acceptUrl}\n\nThe link works until ${until}. If you did not expect this invitation, ignore this e-mail.`,
  };
}

const tokenParams = z.object({
  token: z
    .string()
    .min(10)
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/),
});
const memberParams = z.object({ memberId: idSchema });
const invitationParams = z.object({ id: idSchema });
/** Members and invitations belong to the organization, not to the clinic the caller has open. */
const scope = 'organization';

/** Members, invitations and their permission changes. */
export async function memberRoutes(app: FastifyInstance, opts: { links: LinkConfig; mailer: Mailer }) {
  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/organizations/members',
      summary: 'Members of the organization',
      access: MEMBERS_ACCESS.list,
      scope,
      reply: memberListResponse,
    },
    async (ctx) => ({ success: true, members: await listMembers(ctx) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/org/users',
      summary: 'Members with user statistics',
      access: MEMBERS_ACCESS.list,
      scope,
      reply: memberDirectoryResponse,
    },
    async (ctx) => {
      const [users, stats] = await Promise.all([listMembers(ctx), memberStats(ctx)]);
      return { success: true, users, stats };
    },
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/organizations/stats',
      summary: 'User statistics',
      access: MEMBERS_ACCESS.stats,
      scope,
      reply: memberStatsResponse,
    },
    async (ctx) => ({ success: true, stats: { statistics: await memberStats(ctx) } }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/organizations/invitations',
      summary: 'Pending invitations',
      access: MEMBERS_ACCESS.invitations,
      scope,
      reply: invitationListResponse,
    },
    async (ctx) => ({ success: true, invitations: await listInvitations(ctx) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/organizations/invite',
      summary: 'Invite someone by e-mail',
      access: MEMBERS_ACCESS.administer,
      scope,
      body: inviteBody,
      reply: sentInvitationResponse,
      status: 201,
    },
    async (ctx, { body }, request) => {
      // Before anything is written: without a link to send, nothing is done.
      const origin = appOrigin(opts.links, request);
      const created = await invite(ctx, body);
      const acceptUrl = `${origin}/login?invite=${encodeURIComponent(created.token)}`;
      const mail = invitationMail(created.email, ctx.tenant.organization.name, created.role, acceptUrl, created.expiresAt);
      // Organization settings, Notifications: "user invitations" off means the Admin shares the link.
      const mailOff = !sendsInvitationMail(ctx.tenant.organization.settings);
      const mailed = !mailOff && (await sendIfConfigured(opts.mailer, mail, request.log));
      return { success: true, invitation: { ...created, acceptUrl }, mailed, mailOff };
    },
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/organizations/invitations/:id/resend',
      summary: 'Send an invitation again with a new link (7 more days)',
      access: MEMBERS_ACCESS.administer,
      scope,
      params: invitationParams,
      reply: sentInvitationResponse,
    },
    async (ctx, { params }, request) => {
      const origin = appOrigin(opts.links, request);
      const renewed = await resendInvitation(ctx, params.id);
      const acceptUrl = `${origin}/login?invite=${encodeURIComponent(renewed.token)}`;
      const mail = invitationMail(renewed.email, ctx.tenant.organization.name, renewed.role, acceptUrl, renewed.expiresAt);
      const mailOff = !sendsInvitationMail(ctx.tenant.organization.settings);
      const mailed = !mailOff && (await sendIfConfigured(opts.mailer, mail, request.log));
      return { success: true, invitation: { ...renewed, acceptUrl }, mailed, mailOff };
    },
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'DELETE',
      url: '/api/organizations/invitations/:id',
      summary: 'Revoke a pending invitation',
      access: MEMBERS_ACCESS.administer,
      scope,
      params: invitationParams,
      reply: revokedInvitationResponse,
    },
    async (ctx, { params }) => ({ success: true, invitation: await revokeInvitation(ctx, params.id) }),
  );

  defineRoute(
    app,
    {
      caller: 'account',
      method: 'POST',
      url: '/api/organizations/invitations/:token/accept',
      summary: 'Accept an invitation',
      params: tokenParams,
      reply: invitationAcceptedResponse,
    },
    async (ctx, { params }) => ({ success: true, ...(await acceptByToken(ctx, params.token)) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'PATCH',
      url: '/api/organizations/members/:memberId',
      summary: 'Change a member role, flags or status',
      access: MEMBERS_ACCESS.administer,
      scope,
      params: memberParams,
      body: updateMemberBody,
      reply: memberResponse,
    },
    async (ctx, { params, body }) => {
      const member = await updateMember(ctx, params.memberId, body);
      await ctx.emit('member.updated', params.memberId);
      return { success: true, member };
    },
  );

  defineRoute(
    app,
    {
      caller: 'session',
      tenant: 'on-demand',
      method: 'DELETE',
      url: '/api/organizations/members/:memberId',
      summary: 'Remove a member from the organization (rank rules; never the last Owner or oneself; their sessions end with their last membership)',
      access: MEMBERS_ACCESS.administer,
      scope,
      params: memberParams,
      reply: memberRemovedResponse,
    },
    async (ctx, { params }) => ({ success: true, member: await removeMember(ctx, params.memberId) }),
  );
}
