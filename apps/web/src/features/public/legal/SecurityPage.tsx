import { COMPANY } from '../company';
import { LegalPage, type LegalSection } from './LegalPage';
import {
  AUDIT_STATEMENT,
  COOKIE_STATEMENT,
  ENCRYPTION_STATEMENT,
  FIGURES,
  ISOLATION_STATEMENT,
  MFA_STATEMENT,
  ROLE_ACCESS_STATEMENT,
  RolesList,
  SESSION_STATEMENT,
  SIGN_IN_STATEMENT,
} from './statements';

const SECTIONS: LegalSection[] = [
  {
    title: 'Encryption',
    body: <p>{ENCRYPTION_STATEMENT} Backups are encrypted in the same way as the live data.</p>,
  },
  {
    title: 'Organization Isolation',
    body: <p>{ISOLATION_STATEMENT}</p>,
  },
  {
    title: 'Access Control',
    body: (
      <>
        <p>{ROLE_ACCESS_STATEMENT}</p>
        <p>The roles our policies describe are:</p>
        <RolesList />
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
        <p>{SIGN_IN_STATEMENT}</p>
        <p>
          {COOKIE_STATEMENT} {SESSION_STATEMENT} A browser may send requests that change data only from our own pages, and such requests must carry
          JSON; with the SameSite cookie, this protects against cross-site request forgery.
        </p>
        <h3>Multi-factor authentication</h3>
        <p>{MFA_STATEMENT}</p>
      </>
    ),
  },
  {
    title: 'Audit Logging',
    body: (
      <p>
        {AUDIT_STATEMENT} Audit logs are kept for at least {FIGURES.retentionYears} years.
      </p>
    ),
  },
  {
    title: 'Backups and Disaster Recovery',
    body: (
      <p>
        Our disaster recovery plan sets a recovery time objective (RTO) of {FIGURES.rtoHours} hours and a recovery point objective (RPO) of{' '}
        {FIGURES.rpoHours} hour: after a disaster, the service is restored within {FIGURES.rtoHours} hours, with at most {FIGURES.rpoHours} hour of
        data lost.
      </p>
    ),
  },
  {
    title: 'Incident Response and Breach Notification',
    body: (
      <p>
        We keep an incident response plan and follow it for every suspected security incident. If a breach of unsecured protected health information
        occurs, we notify the affected customers without unreasonable delay and no later than {FIGURES.breachNoticeDays} days after discovering it,
        so that they and we can notify the people affected; where more than {FIGURES.mediaNoticeOver} people are affected, prominent media and
        regulators are also notified as the law requires.
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
        and we keep medical records and audit logs for at least {FIGURES.retentionYears} years.
      </p>
    ),
  },
  {
    title: 'Reporting a Vulnerability',
    body: (
      <p>
        If you believe you have found a security problem in {COMPANY.name}, please write to{' '}
        <a href={`mailto:${COMPANY.emails.security}`}>{COMPANY.emails.security}</a>. We answer security reports within {FIGURES.securityReplyHours}{' '}
        hours, keep you informed while we fix the problem, and will not take action against research done in good faith that avoids harm to our
        customers and their patients.
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
