import { TRIAL_DAYS } from '@clinic/domain/rules/plans';
import { Link } from 'react-router';
import { CtaBanner, CtaLinks } from './CallToAction';
import { PublicLayout } from './PublicLayout';
import classes from './public.module.css';

/**
 * A figure from the marketing copy (operations-and-public section 1): static text, marked as a
 * sample so nobody mistakes it for live data.
 */
function SampleFigure({ value, label }: { value: string; label: string }) {
  return (
    <p className={classes.sample}>
      <span className={classes.sampleLabel}>Sample</span>
      <span className={classes.sampleFigure}>{value}</span> {label}
    </p>
  );
}

interface Feature {
  title: string;
  text: string;
  points?: string[];
  samples?: Array<{ value: string; label: string }>;
  link?: { to: string; label: string };
}

const CLINICAL: Feature[] = [
  {
    title: 'AI Symptom Triage',
    text: 'Patients describe their symptoms; ClinicFlow suggests an urgency level and an expected wait so the sickest are seen first. It is a medical aid that supports clinical judgment and never replaces it.',
    points: ['Urgency and clinical priority at a glance', 'Suggested waits your staff can adjust'],
  },
  {
    title: 'Patient Management',
    text: 'One searchable patient directory for your clinic: contact details, insurance, allergies, medications and conditions, kept within your organization.',
    points: ['Add, edit and find patients quickly', 'Access limited to staff with patient permissions'],
  },
  {
    title: 'Analytics',
    text: 'Track visits, treatment times, patient satisfaction and resource use, so you can staff for the busy hours and see what changed.',
    points: ['Trends against the previous period', 'Figures refreshed automatically'],
  },
];

const KIOSKS: Feature[] = [
  {
    title: 'Self-Service Check-In Kiosk',
    text: 'Patients check themselves in on a tablet at the front desk: details, symptoms and a queue number, without a clipboard.',
    link: { to: '/kiosk', label: 'Open the check-in kiosk' },
  },
  {
    title: 'Emergency Room Kiosk',
    text: 'A separate, faster check-in for the emergency department that flags urgent symptoms to the team straight away.',
    link: { to: '/emergency-kiosk', label: 'Open the emergency room kiosk' },
  },
  {
    title: 'Emergency Room Dashboard',
    text: 'Alerts, high-risk patients, protocols, vital signs and AI risk assessments for your emergency department on one screen.',
    samples: [
      { value: '1', label: 'active critical alert' },
      { value: '85/100', label: 'average risk score' },
      { value: '15+', label: 'protocols' },
    ],
    link: { to: '/emergency-room', label: 'See the emergency room dashboard' },
  },
];

const OPERATIONS: Feature[] = [
  {
    title: 'Visitor Management with QR Badges',
    text: 'Visitors check in at a kiosk and receive a digital badge with a QR code, valid for 8 hours. Your front desk sees who is on site.',
    samples: [
      { value: 'VK2048', label: 'badge number' },
      { value: '47', label: 'visitors today' },
    ],
    link: { to: '/visitors', label: 'Manage visitors' },
  },
  {
    title: 'Organization Administration',
    text: 'Invite your team, give each person a role from Viewer to Owner with matching permissions, manage clinics and handle billing in one place.',
    samples: [{ value: '3', label: 'active users' }],
    link: { to: '/organization', label: 'Administer your organization' },
  },
  {
    title: 'Built for HIPAA-Regulated Care',
    text: "Each organization's records are kept apart from every other organization's, access follows roles and permissions, and reads and changes of patient records are written to an audit log. Sessions end after 30 minutes of inactivity by default.",
    link: { to: '/security', label: 'Read our security practices' },
  },
];

function FeatureCard({ feature }: { feature: Feature }) {
  return (
    <article className={classes.card}>
      <h3>{feature.title}</h3>
      <p>{feature.text}</p>
      {feature.points && (
        <ul className={classes.list}>
          {feature.points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      )}
      {feature.samples?.map((s) => (
        <SampleFigure key={s.label} value={s.value} label={s.label} />
      ))}
      {feature.link && (
        <Link to={feature.link.to} className={classes.cardLink}>
          {feature.link.label}
        </Link>
      )}
    </article>
  );
}

function FeatureSection(props: { id: string; title: string; intro: string; features: Feature[]; alt?: boolean }) {
  return (
    <section aria-labelledby={props.id} className={props.alt ? classes.sectionAlt : classes.section}>
      <div className={classes.container}>
        <h2 id={props.id}>{props.title}</h2>
        <p className={classes.sectionIntro}>{props.intro}</p>
        <div className={classes.grid}>
          {props.features.map((f) => (
            <FeatureCard key={f.title} feature={f} />
          ))}
        </div>
      </div>
    </section>
  );
}

/** The landing page (/): what the product does, for whom, and the free trial. */
export function LandingPage() {
  return (
    <PublicLayout title="ClinicFlow">
      <section className={classes.hero}>
        <div className={classes.container}>
          <p className={classes.eyebrow}>{TRIAL_DAYS}-day free trial on all plans</p>
          <h1>Clinic operations, from check-in to care</h1>
          <p className={classes.lead}>
            ClinicFlow brings AI symptom triage, patient management, check-in kiosks, the emergency room and visitor management together in one
            platform for hospitals and clinics.
          </p>
          <CtaLinks primary={{ to: '/pricing', label: 'Start Free Trial' }} />
        </div>
      </section>

      <FeatureSection
        id="clinical"
        title="Care for every patient, in the right order"
        intro="Triage, records and reporting work from the same patient data, so nothing is typed twice."
        features={CLINICAL}
      />
      <FeatureSection
        id="kiosks"
        alt
        title="Kiosks and the emergency room"
        intro="Figures in the cards below are samples for illustration, not live data."
        features={KIOSKS}
      />
      <FeatureSection
        id="operations"
        title="Visitors, your team and compliance"
        intro="Everything an administrator needs to run the building and the organization."
        features={OPERATIONS}
      />

      <CtaBanner
        id="trial"
        title={`Try ClinicFlow free for ${TRIAL_DAYS} days`}
        text={`A ${TRIAL_DAYS}-day free trial on all plans. No credit card required, and you can cancel at any time.`}
        primary={{ to: '/pricing', label: 'See Plans and Pricing' }}
      />
    </PublicLayout>
  );
}
