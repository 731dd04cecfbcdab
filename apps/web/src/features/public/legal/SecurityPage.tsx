import { COMPANY } from '../company';
import { LegalPage, type LegalSection } from './LegalPage';
// Both pages state the same security facts in the same words: they come from one place.
import * as statements from './statements';

const SECTIONS: LegalSection[] = [
  {
    title: 'Encryption',
    body: <p>{statements.ENCRYPTION_STATEMENT} Backups are encrypted in the same way as the live data.</p>,
  },
  {
    title: 'Organization Isolation',
    body: <p>{statements.ISOLATION_STATEMENT}</p>,
  },
  {
    title: 'Access Control',
    body: (
      <>
        <p>{statements.ROLE_ACCESS_STATEMENT}</p>
        <p>The roles our policies describe are:</p>
        <statements.RolesList />
        <p>
          Nobody can give another member a role above their own or a permission they do not hold themselves, and every change of role or permission
          is recorded in the audit log.
        </p>
      </>
    ),
  },
  {
    title: 'Authentication and Sessions',
    body: (
      <>
        <p>{statements.SIGN_IN_STATEMENT}</p>
        <p>
          {statements.COOKIE_STATEMENT} {statements.SESSION_STATEMENT} A browser may send requests that change data only from our own pages, and
          such requests must carry JSON; with the SameSite cookie, this protects against cross-site request forgery.
        </p>
        <h3>Multi-factor authentication</h3>
        <p>{statements.MFA_STATEMENT}</p>
      </>
    ),
  },
  {
    title: 'Audit Logging',
    body: (
      <p>
        {statements.AUDIT_STATEMENT} Audit logs are kept for at least {statements.FIGURES.retentionYears} years.
      </p>
    ),
  },
  {
    title: 'Backups and Disaster Recovery',
    body: (
      <p>
        Our disaster recovery plan sets a recovery time objective (RTO) of {statements.FIGURES.rtoHours} hours and a recovery point objective (RPO)
        of {statements.FIGURES.rpoHours} hour: after a disaster, the service is restored within {statements.FIGURES.rtoHours} hours, with at most{' '}
        {statements.FIGURES.rpoHours} hour of data lost.
      </p>
    ),
  },
  {
    title: 'Incident Response and Breach Notification',
    body: (
      <p>
        We keep an incident response plan and follow it for every suspected security incident. If a breach of unsecured protected health information
        occurs, we notify the affected customers without unreasonable delay and no later than {statements.FIGURES.breachNoticeDays} days after
        discovering it, so that they and we can notify the people affected; where more than {statements.FIGURES.mediaNoticeOver} people are
        affected, prominent media and regulators are also notified as the law requires.
      </p>
    ),
  },
  {
    title: 'Our People',
    body: (
      <p>
        Everyone at {COMPANY.name} is bound by confidentiality obligations. Access to production systems is limited to the staff who need it for
        their work, and system administrators carry out technical operations only: they are not permitted to access protected health information.
      </p>
    ),
  },
  {
    title: 'Compliance',
    body: (
      <p>
        {COMPANY.name} is built for organizations subject to HIPAA. We sign a business associate agreement with customers that are covered entities,
        and we keep medical records and audit logs for at least {statements.FIGURES.retentionYears} years.
      </p>
    ),
  },
  {
    title: 'Reporting a Vulnerability',
    body: (
      <p>
        If you believe you have found a security problem in {COMPANY.name}, please write to{' '}
        <a href={`mailto:${COMPANY.emails.security}`}>{COMPANY.emails.security}</a>. We answer security reports within{' '}
        {statements.FIGURES.securityReplyHours} hours, keep you informed while we fix the problem, and will not take action against research done in
        good faith that avoids harm to our customers and their patients.
      </p>
    ),
  },
];

/** Security Practices (/security). */
export function SecurityPage() {
  return (
    <LegalPage
      path="/security"
      title="Security Practices"
      intro={<p>Hospitals and clinics trust {COMPANY.name} with their patients' information. This page describes how we protect it.</p>}
      sections={SECTIONS}
    />
  );
}
