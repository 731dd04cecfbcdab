import { COMPANY } from './company';
import { CtaLinks } from './CallToAction';
import { PublicLayout } from './PublicLayout';
import classes from './public.module.css';

/** The six values (operations-and-public section 1), in the spec's order. */
const VALUES = [
  {
    name: 'Excellence',
    text: 'We hold our software to the standard our customers hold their care: reliable, accurate and carefully tested.',
  },
  {
    name: 'Security',
    text: "Patient information is entrusted to us. We protect it with strong encryption, strict access control and each organization's data kept apart.",
  },
  {
    name: 'Collaboration',
    text: 'We build with clinicians, nurses and administrators, and we make tools that help teams work together.',
  },
  {
    name: 'Innovation',
    text: 'We apply AI where it measurably helps people get the right care sooner, and we say plainly what it can and cannot do.',
  },
  {
    name: 'Compassion',
    text: 'Behind every record is a person who needs help. We design for patients, families and the staff who care for them.',
  },
  {
    name: 'Transparency',
    text: 'We are open about how our product works, how we handle data and what we charge.',
  },
];

/** The About page (/about): mission, vision and values. */
export function AboutPage() {
  return (
    <PublicLayout title="About">
      <section className={classes.hero}>
        <div className={classes.container}>
          <h1>About {COMPANY.name}</h1>
          <p className={classes.lead}>
            We build clinic operations software for hospitals and clinics: AI symptom triage, patient management, check-in kiosks, the emergency
            room and visitor management, in one platform.
          </p>
        </div>
      </section>

      <section aria-labelledby="mission" className={classes.section}>
        <div className={`${classes.container} ${classes.narrow}`}>
          <h2 id="mission">Our Mission</h2>
          <p className={classes.sectionIntro}>
            Our mission is to make quality care accessible through AI. Every patient should be seen in the right order, by the right person, without
            waiting longer than they must, and every clinic, large or small, should have the tools to make that happen.
          </p>
          <h2 id="vision">Our Vision</h2>
          <p className={classes.sectionIntro}>
            We see a future where staff spend their time with patients rather than paperwork: where check-in takes a minute, urgent cases stand out
            at once, and the information a clinician needs is already in front of them. Our AI is a medical aid that supports clinical judgment; it
            is never a substitute for it.
          </p>
        </div>
      </section>

      <section aria-labelledby="values" className={classes.sectionAlt}>
        <div className={classes.container}>
          <h2 id="values">Our Values</h2>
          <div className={classes.grid}>
            {VALUES.map((v) => (
              <article key={v.name} className={classes.card}>
                <h3>{v.name}</h3>
                <p>{v.text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="work-with-us" className={classes.section}>
        <div className={`${classes.container} ${classes.center}`}>
          <h2 id="work-with-us">Work with us</h2>
          <p className={classes.sectionIntro}>Tell us about your organization, or sign in to your account.</p>
          <CtaLinks primary={{ to: '/contact', label: 'Contact Sales' }} secondary={{ to: '/login', label: 'Sign In' }} />
        </div>
      </section>
    </PublicLayout>
  );
}
