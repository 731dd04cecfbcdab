/**
 * The replies of the member and invitation routes (`/api/organizations/members`, `.../invitations`,
 * `/api/org/users`): what the server serializes them from and what the web parses them with. The
 * bodies and the member and invitation DTOs are in `contracts/organizations.ts`.
 */
import { z } from 'zod';
import { invitationDto, memberDto } from './organizations.js';

/** The organization's head counts: members, active members, pending invitations. */
export const memberStatsDto = z.object({ totalUsers: z.number().int(), activeUsers: z.number().int(), pendingInvites: z.number().int() });
/** The head counts. */
export type MemberStatsDto = z.infer<typeof memberStatsDto>;

/** `GET /api/organizations/members`: the members. */
export const memberListResponse = z.object({ success: z.literal(true), members: z.array(memberDto) });

/** `GET /api/org/users`: the members and the head counts. */
export const memberDirectoryResponse = z.object({ success: z.literal(true), users: z.array(memberDto), stats: memberStatsDto });
/** The members and their counts. */
export type MemberDirectoryReply = z.infer<typeof memberDirectoryResponse>;

/** `GET /api/organizations/stats`: the head counts. */
export const memberStatsResponse = z.object({ success: z.literal(true), stats: z.object({ statistics: memberStatsDto }) });

/** `GET /api/organizations/invitations`: the pending invitations (an expired one says so). */
export const invitationListResponse = z.object({ success: z.literal(true), invitations: z.array(invitationDto) });

/**
 * `POST /api/organizations/invite` and `.../invitations/{id}/resend`: the invitation with its
 * token and accept link (shown once: only the token's hash is kept), whether it was mailed, and
 * whether invitation e-mails are off in the organization's notification settings.
 */
export const sentInvitationResponse = z.object({
  success: z.literal(true),
  invitation: z.object({
    id: z.string(),
    email: z.string(),
    role: z.string(),
    status: z.string(),
    token: z.string(),
    expiresAt: z.string(),
    acceptUrl: z.string(),
  }),
  mailed: z.boolean(),
  mailOff: z.boolean(),
});
/** The answer of an invitation sent. */
export type SentInvitationReply = z.infer<typeof sentInvitationResponse>;

/** `DELETE /api/organizations/invitations/{id}`: the invitation revoked. */
export const revokedInvitationResponse = z.object({
  success: z.literal(true),
  invitation: z.object({ id: z.string(), email: z.string(), role: z.string(), status: z.string() }),
});

/** `POST /api/organizations/invitations/{token}/accept`: the organization joined (now current) and the role. */
export const invitationAcceptedResponse = z.object({ success: z.literal(true), organizationId: z.string(), role: z.string() });

/** `PATCH /api/organizations/members/{memberId}`: the member as changed. */
export const memberResponse = z.object({ success: z.literal(true), member: memberDto });

/** `DELETE /api/organizations/members/{memberId}`: who went, and how many of their sessions ended. */
export const memberRemovedResponse = z.object({
  success: z.literal(true),
  member: z.object({ id: z.string(), email: z.string(), role: z.string(), sessionsEnded: z.number().int() }),
});
/** A member removed. */
export type RemovedMemberDto = z.infer<typeof memberRemovedResponse>['member'];
