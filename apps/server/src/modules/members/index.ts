/** The members module's public API: what other modules may call (see ../README.md). */
export { activeDoctors, activeMemberMfa, doctorUserIds, isActiveMember, memberNames, type ActiveDoctor } from './staff-readers.js';
export { pageableMembers, type PageableMember } from './pageable-members.js';
export { memberCounts } from './member-counts.js';
export { memberAccessOf, type MemberAccess } from './member-access.js';
export {
  activeAdminUserIdsQuery,
  membershipOfQuery,
  organizationMembershipsQuery,
  updateOwnMembership,
  type OwnMembershipChange,
} from './membership-readers.js';
export {
  accountMembershipsQuery,
  activeMembershipsQuery,
  addFoundingOwner,
  addMemberWithRole,
  endOrganizationMemberships,
  liveInvitationQuery,
  nextActiveOrganizationSql,
  pendingInvitationsQuery,
} from './organization-memberships.js';
