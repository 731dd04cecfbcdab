import type { MemberDto } from '@clinic/domain/contracts/organizations';

/** A member's name, or their e-mail when they gave none. */
export const memberName = (m: MemberDto) => [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email;
