/**
 * Statements and figures several legal pages share, written once so the pages never disagree.
 * Each statement about what the product does is listed with the code or test that makes it true
 * in docs/policy-claims.md; change both together.
 */

/** Policy figures (operations-and-public section 9, Marketing and policy figures). */
export const FIGURES = {
  idleLogoffMinutes: 30,
  absoluteSessionHours: 12,
  retentionYears: 7,
  disclosureDays: 30,
  breachNoticeDays: 60,
  mediaNoticeOver: 500,
  rtoHours: 4,
  rpoHours: 1,
  securityReplyHours: 24,
  minimumAge: 18,
  liabilityCapMonths: 12,
  preferenceCookieYears: 1,
  trialDays: 30,
} as const;

/** Automatic logoff (sessions.ts: 30-minute default idle timeout, 12 h absolute). */
export const SESSION_STATEMENT = `Signed-in sessions end automatically after ${FIGURES.idleLogoffMinutes} minutes of inactivity, and after ${FIGURES.absoluteSessionHours} hours in any case. An organization's administrators can choose a different inactivity timeout, between 5 minutes and 12 hours.`;

/** Encryption (an operational commitment of the hosted service). */
export const ENCRYPTION_STATEMENT = 'Data is encrypted at rest with AES-256 and in transit with TLS 1.2 or higher.';

/** Tenant isolation (row level security, migration 0001). */
export const ISOLATION_STATEMENT =
  "Each organization's data is isolated from every other organization's: every record carries its organization, the application reads and writes tenant data under database row level security policies scoped to that one organization, and the server checks the organization on every request as well.";

/** Audit logging (platform/audit.ts and its callers). */
export const AUDIT_STATEMENT =
  'An append-only audit log records reads and changes of patient records, sign-ins, failed sign-in attempts and sign-outs, and changes to organizations, clinics, members, invitations, roles and permissions, with the user, the organization, the time and the network address. Entries are only ever added: the application never updates or deletes them, and the database role used for tenant data has no permission to change them.';

/** Password storage and sign-in protection (auth.service.ts). */
export const SIGN_IN_STATEMENT =
  'Passwords are stored only as argon2id hashes, never in readable form. Sign-in is rate limited: once 5 attempts for one e-mail address, or 30 from one network address, have failed within 15 minutes, further attempts are refused, even with the right password, until the earlier failures are more than 15 minutes old.';

/** The session cookie (sessions.ts). */
export const COOKIE_STATEMENT =
  'The session token is kept in an httpOnly, SameSite=Lax cookie that scripts on the page cannot read; only a one-way hash of it is stored on our servers.';

/** Multi-factor authentication: a policy requirement whose in-product enrolment is not built yet. */
export const MFA_STATEMENT =
  "ClinicFlow supports multi-factor authentication with an authenticator app (TOTP) and ten single-use backup codes. Our access policy asks healthcare providers and administrators to use it, and each organization's administrators can require it for every member: a member who has not set it up must do so before reaching any staff screen. SMS codes are not offered; the authenticator app and the backup codes are the methods available.";

/** The four roles the legal pages describe (section 6), phrased so that each is true of the product today. */
export function RolesList() {
  return (
    <ul>
      <li>
        <strong>Patients</strong> do not have staff accounts. Where a patient is given access to information about themselves, they see only their
        own records.
      </li>
      <li>
        <strong>Doctors</strong> and other clinical staff see the patients of their own organization only, as far as their role and permissions
        allow.
      </li>
      <li>
        <strong>Administrators</strong> (the Admin and Owner roles) manage organization-wide settings and users.
      </li>
      <li>
        <strong>System administrators</strong> on our staff carry out technical operations only and are not permitted to access protected health
        information.
      </li>
    </ul>
  );
}

/** Role-based access in the product (packages/domain/src/rules/access.ts, enforced by the server). */
export const ROLE_ACCESS_STATEMENT =
  'Access is role-based. Each member of an organization has one role (Viewer, Staff, Nurse, Doctor, Manager, Admin or Owner, in rising order) and a set of permissions, such as managing patients or accessing the emergency room. The server checks the role and permissions on every request; screens a user may not use show an Access Denied message.';
