import { Link } from 'react-router';
import { COMPANY, EMERGENCY_NUMBER } from '../company';
import { LegalPage, type LegalSection } from './LegalPage';
import { FIGURES, ISOLATION_STATEMENT, MFA_STATEMENT, ROLE_ACCESS_STATEMENT, SESSION_STATEMENT } from './statements';

const SECTIONS: LegalSection[] = [
  {
    title: 'Acceptance of Terms',
    body: (
      <p>
        These Terms of Service ("Terms") are an agreement between {COMPANY.name} ("we", "us") and the organization that subscribes to the platform
        ("Customer") and each person who uses it ("you"). By creating an account, starting a trial or using the platform you accept these Terms. If
        you accept them for an organization, you confirm that you may bind it.
      </p>
    ),
  },
  {
    title: 'The Service',
    body: (
      <p>
        {COMPANY.name} is a multi-tenant clinic operations platform: AI-assisted symptom triage, patient management, check-in and emergency room
        kiosks, queue management, an emergency room dashboard, visitor management with digital badges, analytics and organization administration
        (the "Service"). The features available depend on the Customer's plan.
      </p>
    ),
  },
  {
    title: 'Eligibility and Accounts',
    body: (
      <>
        <p>
          You must be at least {FIGURES.minimumAge} years old to create an account. Minors may use patient-facing features only with the consent of
          a parent or legal guardian.
        </p>
        <p>
          You must give accurate information, keep your password confidential and not share your account. Tell us at once at{' '}
          <a href={`mailto:${COMPANY.emails.security}`}>{COMPANY.emails.security}</a> if you believe your account has been used without permission.{' '}
          {SESSION_STATEMENT}
        </p>
      </>
    ),
  },
  {
    title: 'Organizations, Roles and Permissions',
    body: (
      <>
        <p>
          The Customer controls its organization in the Service: who is invited, which role and permissions each member has, and its clinics and
          settings. {ROLE_ACCESS_STATEMENT}
        </p>
        <p>{ISOLATION_STATEMENT}</p>
        <p>{MFA_STATEMENT}</p>
      </>
    ),
  },
  {
    title: 'Free Trial',
    body: (
      <p>
        Every plan starts with a {FIGURES.trialDays}-day free trial. No credit card is required, there is no charge for the first month, and you may
        cancel at any time during the trial. When a trial ends without a paid subscription, the plan's features are no longer available until a
        subscription starts.
      </p>
    ),
  },
  {
    title: 'Subscriptions, Billing and Renewal',
    body: (
      <>
        <p>
          Subscriptions are billed monthly or annually in advance, at the prices on our <Link to="/pricing">Pricing</Link> page or in the Customer's
          order, and renew automatically for the same period until cancelled. Payments by card or bank are processed by our card payment provider.
        </p>
        <p>
          Plan changes take effect immediately. Cancellations take effect at the end of the current billing period; fees already paid are not
          refunded except where the law requires.
        </p>
      </>
    ),
  },
  {
    title: 'Acceptable Use',
    body: (
      <>
        <p>You agree not to:</p>
        <ul>
          <li>use the Service for anything unlawful, or to store information you have no right to process;</li>
          <li>try to reach another organization's data, probe or break the Service's security, or get around its limits;</li>
          <li>overload the Service, or use automated means to access it other than through our published API;</li>
          <li>copy, resell or reverse engineer the Service, except where the law allows it despite this restriction;</li>
          <li>upload malicious code or content that infringes another person's rights.</li>
        </ul>
      </>
    ),
  },
  {
    title: 'Medical Disclaimer',
    body: (
      <p>
        The Service is a medical aid, not a substitute for clinical judgment. Triage suggestions, risk scores and other AI-assisted output support
        qualified professionals, who remain responsible for every clinical decision. The Service is not an emergency service: in an emergency, call{' '}
        {EMERGENCY_NUMBER}.
      </p>
    ),
  },
  {
    title: 'Protected Health Information',
    body: (
      <p>
        Where the Customer is a HIPAA covered entity, we process protected health information as its business associate under a business associate
        agreement, which forms part of these Terms. Our <Link to="/privacy">Privacy Policy</Link> and{' '}
        <Link to="/hipaa-notice">HIPAA Notice of Privacy Practices</Link> explain how that information is handled.
      </p>
    ),
  },
  {
    title: 'Customer Data',
    body: (
      <p>
        The Customer owns the data it and its users put into the Service ("Customer Data"). We use Customer Data only to provide, secure and support
        the Service, as the Customer instructs and as the law requires. The Customer is responsible for having the right to collect the data and for
        the instructions it gives its staff.
      </p>
    ),
  },
  {
    title: 'Security',
    body: (
      <p>
        We protect the Service and Customer Data with the measures described on our <Link to="/security">Security Practices</Link> page, including
        AES-256 encryption at rest, TLS 1.2 or higher in transit, audit logging and automatic logoff after {FIGURES.idleLogoffMinutes} minutes of
        inactivity by default. We notify the Customer of a breach of unsecured protected health information no later than {FIGURES.breachNoticeDays}{' '}
        days after discovering it.
      </p>
    ),
  },
  {
    title: 'Availability, Backups and Support',
    body: (
      <p>
        We aim to keep the Service available at all times apart from announced maintenance. Backups support a recovery time objective of{' '}
        {FIGURES.rtoHours} hours and a recovery point objective of {FIGURES.rpoHours} hour. Support is available Monday-Friday 9:00 AM-6:00 PM PST
        and Saturday 10:00 AM-4:00 PM PST, with emergency support 24/7; the level of support depends on the plan. Enterprise customers may agree a
        service level in their order.
      </p>
    ),
  },
  {
    title: 'Third-Party Services',
    body: (
      <p>
        The Service may connect to third-party services that the Customer chooses, such as electronic health record systems. Their terms govern
        their services, and we are not responsible for them. Payments are handled by our card payment provider under its own terms.
      </p>
    ),
  },
  {
    title: 'Intellectual Property',
    body: (
      <p>
        We own the Service, its software and its content, and grant the Customer's users a non-exclusive, non-transferable right to use it during
        the subscription under these Terms. If you send us suggestions, we may use them without obligation to you.
      </p>
    ),
  },
  {
    title: 'Confidentiality',
    body: (
      <p>
        Each party keeps the other's confidential information secret, uses it only for this agreement and shares it only with people who need it and
        are bound to keep it confidential, unless the law requires disclosure.
      </p>
    ),
  },
  {
    title: 'Disclaimer of Warranties',
    body: (
      <p>
        Apart from the commitments in these Terms, the Service is provided "as is" and "as available". To the extent the law allows, we disclaim all
        other warranties, express or implied, including merchantability, fitness for a particular purpose and non-infringement, and we do not
        warrant that AI-assisted output is complete or correct.
      </p>
    ),
  },
  {
    title: 'Limitation of Liability',
    body: (
      <p>
        To the extent the law allows, neither party is liable for indirect, incidental, special, consequential or punitive damages, or for lost
        profits or revenue. Our total liability arising from these Terms or the Service is limited to the fees the Customer paid us in the{' '}
        {FIGURES.liabilityCapMonths} months before the event giving rise to the claim.
      </p>
    ),
  },
  {
    title: 'Term and Termination',
    body: (
      <p>
        These Terms apply while the Customer has a trial or subscription. Either party may end them for a material breach not fixed within 30 days
        of notice. When a subscription ends, the Customer may export its data for 30 days; after that we delete it, except medical records and audit
        logs that we must keep for at least {FIGURES.retentionYears} years or that the law requires us to keep longer.
      </p>
    ),
  },
  {
    title: 'Governing Law, Changes and Contact',
    body: (
      <p>
        These Terms are governed by the laws of the State of California, without regard to its conflict of laws rules. We may change these Terms by
        posting a new version and, for material changes, notifying the Customer at least 30 days before they take effect. Questions about these
        Terms can be sent to <a href={`mailto:${COMPANY.emails.legal}`}>{COMPANY.emails.legal}</a>.
      </p>
    ),
  },
];

/** The Terms of Service (/terms), 19 sections. */
export function TermsPage() {
  return (
    <LegalPage
      path="/terms"
      title="Terms of Service"
      intro={<p>Please read these terms carefully. They explain the rules for using {COMPANY.name} and what each of us commits to.</p>}
      sections={SECTIONS}
    />
  );
}
