import { COMPANY, PRIVACY_OFFICE_HOURS } from '../company';
import { LegalPage, type LegalSection } from './LegalPage';
import { AUDIT_STATEMENT, ENCRYPTION_STATEMENT, FIGURES, ISOLATION_STATEMENT, MFA_STATEMENT, RolesList, SESSION_STATEMENT } from './statements';

const SECTIONS: LegalSection[] = [
  {
    title: 'Who This Notice Applies To',
    body: (
      <p>
        {COMPANY.name} provides software to hospitals and clinics. When we handle your health information, we do so on behalf of your healthcare
        provider, as its business associate. Your provider gives you its own Notice of Privacy Practices; this notice explains how health
        information is handled when your provider uses {COMPANY.name}, and applies together with your provider's notice.
      </p>
    ),
  },
  {
    title: 'How Your Health Information May Be Used and Disclosed',
    body: (
      <>
        <p>Your health information may be used and disclosed, within the limits set by law:</p>
        <ul>
          <li>
            <strong>For treatment</strong>, for example to check you in, place you in the queue, and give the clinicians caring for you your
            symptoms, history, allergies and medications.
          </li>
          <li>
            <strong>For payment</strong>, for example to confirm insurance details your provider needs to bill for your care.
          </li>
          <li>
            <strong>For healthcare operations</strong>, for example to measure waiting times and improve the quality of care.
          </li>
        </ul>
      </>
    ),
  },
  {
    title: 'Other Uses and Disclosures',
    body: (
      <>
        <p>The law also allows or requires disclosure without your written authorization in some cases, including:</p>
        <ul>
          <li>when required by law, or for public health and safety activities;</li>
          <li>to health oversight agencies, and in response to court orders and other legal process;</li>
          <li>to avert a serious threat to the health or safety of you or others;</li>
          <li>for workers' compensation, law enforcement and other purposes the law permits.</li>
        </ul>
        <p>
          Any other use or disclosure, including marketing and the sale of health information, requires your written authorization, which you may
          revoke at any time. We never sell health information.
        </p>
      </>
    ),
  },
  {
    title: 'Your Rights',
    body: (
      <>
        <p>You have the right to:</p>
        <ul>
          <li>see and get an electronic or paper copy of your health information;</li>
          <li>ask for your health information to be corrected if you believe it is wrong or incomplete;</li>
          <li>ask to be contacted in a particular way or at a particular address;</li>
          <li>ask for limits on what is used or shared, including not sharing with your health plan care you paid for in full;</li>
          <li>get a list of the times your health information was disclosed, and to whom;</li>
          <li>get a copy of this notice, and choose someone to act for you.</li>
        </ul>
        <p>
          Requests go to your healthcare provider, or to our Privacy Officer, who will pass them on and help your provider respond. Requests for
          access or for a list of disclosures are answered within {FIGURES.disclosureDays} days.
        </p>
      </>
    ),
  },
  {
    title: 'How Your Information Is Protected',
    body: (
      <>
        <p>
          {ENCRYPTION_STATEMENT} {ISOLATION_STATEMENT}
        </p>
        <p>Who can see your information depends on their role:</p>
        <RolesList />
        <p>
          {SESSION_STATEMENT} {AUDIT_STATEMENT}
        </p>
        <p>{MFA_STATEMENT}</p>
      </>
    ),
  },
  {
    title: 'Breach Notification',
    body: (
      <p>
        If a breach of your unsecured health information occurs, you will be notified without unreasonable delay and no later than{' '}
        {FIGURES.breachNoticeDays} days after it is discovered. If more than {FIGURES.mediaNoticeOver} residents of a state or jurisdiction are
        affected, prominent media there are also notified, and the breach is reported to the Secretary of Health and Human Services as the law
        requires.
      </p>
    ),
  },
  {
    title: 'Retention',
    body: (
      <p>
        Medical records and the audit logs of access to them are kept for at least {FIGURES.retentionYears} years, or longer where the law or your
        provider requires.
      </p>
    ),
  },
  {
    title: 'Changes to This Notice',
    body: <p>We may change this notice, and the changes will apply to all the information we hold. The current version is always on this page.</p>,
  },
  {
    title: 'Questions and Complaints',
    body: (
      <>
        <p>
          Contact our Privacy Officer at <a href={`mailto:${COMPANY.emails.privacy}`}>{COMPANY.emails.privacy}</a> or {COMPANY.phone},{' '}
          {PRIVACY_OFFICE_HOURS}.
        </p>
        <p>
          If you believe your privacy rights have been violated, you may complain to your healthcare provider, to us, or to the U.S. Department of
          Health and Human Services Office for Civil Rights. You will not be retaliated against for filing a complaint.
        </p>
      </>
    ),
  },
];

/** The HIPAA Notice of Privacy Practices (/hipaa-notice). */
export function HipaaNoticePage() {
  return (
    <LegalPage
      path="/hipaa-notice"
      title="HIPAA Notice of Privacy Practices"
      intro={
        <p>
          <strong>
            This notice describes how medical information about you may be used and disclosed and how you can get access to this information. Please
            review it carefully.
          </strong>
        </p>
      }
      sections={SECTIONS}
    />
  );
}
