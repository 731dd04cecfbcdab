/** The member's own sign-in security: two-factor sign-in, the password, the sessions. */
export { AccountSecurityPage } from './AccountSecurityPage';
