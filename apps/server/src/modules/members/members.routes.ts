import { idSchema, inviteBody, updateMemberBody } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDb } from '../../db/client.js';
import { inTenant, userOf } from '../../platform/access.js';
import { publishEvent } from '../../platform/events.js';
import { appOrigin, type LinkConfig } from '../../platform/links.js';
import { parse } from '../../platform/parse.js';
import { acceptByToken, invite, listInvitations, listMembers, memberStats, updateMember } from './members.service.js';

const tokenParams = z.object({ token: z.string().min(10).max(200).regex(/^[A-Za-z0-9_-]+$/) });

/** Members, invitations and their permission changes. */
export async function memberRoutes(app: FastifyInstance, opts: { db: AppDb; links: LinkConfig }) {
  const { db } = opts;

  app.get('/api/organizations/members', { config: { access: { tenant: true, permission: 'canManageUsers' }, contract: { summary: 'Members of the organization' } } }, async (request) => {
    return { success: true, members: await inTenant(db, request, (tx, t) => listMembers(tx, t)) };
  });

  app.get('/api/org/users', { config: { access: { tenant: true, permission: 'canManageUsers' }, contract: { summary: 'Members with user statistics' } } }, async (request) => {
    const [users, stats] = await inTenant(db, request, (tx, t) => Promise.all([listMembers(tx, t), memberStats(tx, t)]));
    return { success: true, users, stats };
  });

  app.get('/api/organizations/stats', { config: { access: { tenant: true }, contract: { summary: 'User statistics' } } }, async (request) => {
    const statistics = await inTenant(db, request, (tx, t) => memberStats(tx, t));
    return { success: true, stats: { statistics } };
  });

  app.get('/api/organizations/invitations', { config: { access: { tenant: true, role: 'Admin' }, contract: { summary: 'Pending invitations' } } }, async (request) => {
    return { success: true, invitations: await inTenant(db, request, (tx, t) => listInvitations(tx, t)) };
  });

  app.post('/api/organizations/invite', { config: { access: { tenant: true, role: 'Admin', permission: 'canManageUsers' }, contract: { summary: 'Invite someone by e-mail', body: inviteBody } } }, async (request, reply) => {
    const body = parse(inviteBody, request.body);
    const origin = appOrigin(opts.links, request);
    const created = await inTenant(db, request, (tx, t) => invite(tx, t, userOf(request), body, request.ip));
    const acceptUrl = `${origin}/login?invite=${encodeURIComponent(created.token)}`;
    return reply.status(201).send({ success: true, invitation: { ...created, acceptUrl } });
  });

  app.post('/api/organizations/invitations/:token/accept', { config: { access: { signedIn: true }, contract: { summary: 'Accept an invitation' } } }, async (request) => {
    const { token } = parse(tokenParams, request.params);
    const accepted = await acceptByToken(db, userOf(request), token, request.ip);
    return { success: true, ...accepted };
  });

  app.patch('/api/organizations/members/:memberId', { config: { access: { tenant: true, role: 'Admin', permission: 'canManageUsers' }, contract: { summary: 'Change a member role, flags or status', body: updateMemberBody } } }, async (request) => {
    const { memberId } = parse(z.object({ memberId: idSchema }), request.params);
    const { organizationId: _o, clinicId: _c, ...rest } = (request.body ?? {}) as Record<string, unknown>;
    const body = parse(updateMemberBody, rest);
    const member = await inTenant(db, request, async (tx, t) => {
      const updated = await updateMember(tx, t, userOf(request), memberId, body, request.ip);
      await publishEvent(tx, { organizationId: t.organizationId, type: 'member.updated', entityId: memberId });
      return updated;
    });
    return { success: true, member };
  });
}
