import { Link } from 'react-router';
import { COMPANY, PRIVACY_OFFICE_HOURS } from '../company';
import { LegalPage, type LegalSection } from './LegalPage';
// Both pages state the same security facts in the same words: they come from one place.
import * as statements from './statements';

const SECTIONS: LegalSection[] = [
  {
    title: 'Who We Are and What This Policy Covers',
    body: (
      <>
        <p>
          {COMPANY.name} provides a clinic operations platform to hospitals, clinics and other healthcare organizations ("customers"): AI-assisted
          symptom triage, patient management, check-in kiosks, queue and emergency room tools, visitor management and organization administration.
        </p>
        <p>
          This Privacy Policy explains how we collect, use, share and protect personal information when you visit our website, contact us, use our
          platform as a member of a customer's staff, or check in at a kiosk run by one of our customers. Health information that we process on
          behalf of a customer is also protected by our agreement with that customer and by the HIPAA Notice of Privacy Practices.
        </p>
      </>
    ),
  },
  {
    title: 'Information We Collect',
    body: (
      <>
        <h3>Information you give us</h3>
        <ul>
          <li>Account information: name, e-mail address, password, job title, department and role.</li>
          <li>Organization information: organization and clinic names, addresses, phone numbers and settings.</li>
          <li>
            Patient and visitor information that our customers' staff, patients and visitors enter: for example names, contact details, dates of
            birth, symptoms, medical history, insurance details and visit records.
          </li>
          <li>Messages you send us, for example through the contact form or by e-mail.</li>
        </ul>
        <h3>Information collected automatically</h3>
        <ul>
          <li>Sign-in and security records: time of sign-in and sign-out, network address and browser type.</li>
          <li>Audit records of actions taken in the platform, as described in section 6.</li>
          <li>Cookies and browser storage needed to keep you signed in and remember your choices (see section 9).</li>
        </ul>
      </>
    ),
  },
  {
    title: 'How We Use Information',
    body: (
      <ul>
        <li>To provide, maintain and support the platform for our customers and their users.</li>
        <li>To authenticate users, keep accounts secure and detect and prevent misuse.</li>
        <li>To keep audit records that customers need for their own compliance.</li>
        <li>To answer your questions and requests, and to send service and billing notices.</li>
        <li>To improve the platform, using information that has been de-identified where patient data is concerned.</li>
        <li>To meet legal obligations.</li>
      </ul>
    ),
  },
  {
    title: 'Protected Health Information',
    body: (
      <p>
        When we process protected health information (PHI) for a customer that is a covered entity under the Health Insurance Portability and
        Accountability Act (HIPAA), we act as that customer's business associate. We use and disclose PHI only as our business associate agreement
        with the customer and the law allow, and never sell it or use it for advertising. How your healthcare provider may use your health
        information is described in our <Link to="/hipaa-notice">HIPAA Notice of Privacy Practices</Link> and in your provider's own notice.
      </p>
    ),
  },
  {
    title: 'How We Share Information',
    body: (
      <>
        <p>We do not sell personal information. We share it only:</p>
        <ul>
          <li>With the customer organization you belong to or receive care from, which controls its own records.</li>
          <li>
            With service providers who host the platform, process payments or deliver e-mail for us, under contracts that require them to protect it
            and use it only for us.
          </li>
          <li>When the law requires it, or to protect the safety of any person.</li>
          <li>In a merger or acquisition, subject to the same protections as in this policy.</li>
        </ul>
      </>
    ),
  },
  {
    title: 'Data Security',
    body: (
      <>
        <p>{statements.ENCRYPTION_STATEMENT}</p>
        <p>{statements.ISOLATION_STATEMENT}</p>
        <p>{statements.ROLE_ACCESS_STATEMENT} Under our access policy:</p>
        <statements.RolesList />
        <p>
          {statements.SIGN_IN_STATEMENT} {statements.COOKIE_STATEMENT} {statements.SESSION_STATEMENT}
        </p>
        <p>{statements.MFA_STATEMENT}</p>
        <p>{statements.AUDIT_STATEMENT}</p>
        <p>
          If a breach of unsecured personal or health information occurs, we notify the affected customers and individuals without unreasonable
          delay and no later than {statements.FIGURES.breachNoticeDays} days after discovering it. If more than {statements.FIGURES.mediaNoticeOver}{' '}
          people in a state or jurisdiction are affected, we also notify prominent media there, and we notify regulators as the law requires. Our{' '}
          <Link to="/security">Security Practices</Link> page gives more detail.
        </p>
      </>
    ),
  },
  {
    title: 'Data Retention',
    body: (
      <p>
        Medical records and audit logs are kept for at least {statements.FIGURES.retentionYears} years, or longer where the law or our customer's
        instructions require. Other personal information is kept while an account is active and as long as needed for the purposes in this policy,
        then deleted or de-identified.
      </p>
    ),
  },
  {
    title: 'Your Rights and Choices',
    body: (
      <>
        <p>Depending on where you live, you may have the right to:</p>
        <ul>
          <li>access the personal information we hold about you and receive a copy;</li>
          <li>ask us to correct information that is inaccurate or incomplete;</li>
          <li>ask us to delete information, where we are not required to keep it;</li>
          <li>receive a list of certain disclosures of your information;</li>
          <li>object to or restrict some uses of your information.</li>
        </ul>
        <p>
          We answer access and disclosure requests within {statements.FIGURES.disclosureDays} days. If your information is held for a healthcare
          organization, we will pass your request to that organization, which decides on it, and help it respond. We will not treat you differently
          for exercising your rights.
        </p>
      </>
    ),
  },
  {
    title: 'Cookies and Similar Technologies',
    body: (
      <p>
        We use a small number of cookies and browser storage items: the ones needed to keep you signed in and to remember your organization, and
        optional preference items that last up to {statements.FIGURES.preferenceCookieYears} year. We do not use advertising cookies. Our{' '}
        <Link to="/cookie-policy">Cookie Policy</Link> lists each one.
      </p>
    ),
  },
  {
    title: "Children's Privacy",
    body: (
      <p>
        You must be at least {statements.FIGURES.minimumAge} years old to create an account. Information about minors who are patients is entered by
        their healthcare providers or with the consent of a parent or legal guardian, and is protected like all other health information.
      </p>
    ),
  },
  {
    title: 'International Data Transfers',
    body: (
      <p>
        We host the platform in the United States. If you use it from elsewhere, your information will be transferred to and processed in the United
        States, with the safeguards described in this policy.
      </p>
    ),
  },
  {
    title: 'Changes to This Policy',
    body: (
      <p>
        We may update this policy from time to time. We will post the new version on this page and, for significant changes, notify customers by
        e-mail or in the platform before the change takes effect.
      </p>
    ),
  },
  {
    title: 'Contact Us',
    body: (
      <p>
        Questions about this policy or your information can be sent to our Privacy Officer at{' '}
        <a href={`mailto:${COMPANY.emails.privacy}`}>{COMPANY.emails.privacy}</a>, by phone at {COMPANY.phone} ({PRIVACY_OFFICE_HOURS}
        ), or by post to {COMPANY.name}, Attn: Privacy Officer, {COMPANY.address.join(', ')}.
      </p>
    ),
  },
];

/** The Privacy Policy (/privacy), 13 sections. */
export function PrivacyPage() {
  return (
    <LegalPage
      path="/privacy"
      title="Privacy Policy"
      intro={
        <p>
          Your privacy matters to us, and to the healthcare organizations that trust us with their patients' information. This policy describes what
          we collect, why, and how we protect it.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
