import { USER_SCOPE } from '../../../api/tenant';

/** Query keys of the member's own sign-in security: theirs whatever organization is chosen. */
export const accountSecurityKeys = {
  security: ['account-security', USER_SCOPE] as const,
  sessions: ['account-sessions', USER_SCOPE] as const,
};
