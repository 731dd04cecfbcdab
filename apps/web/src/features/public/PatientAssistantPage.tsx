import { Link } from 'react-router';
import { EMERGENCY_NUMBER } from './company';
import { PublicLayout } from './PublicLayout';
import classes from './public.module.css';

const WHAT_IT_DOES = [
  { title: 'Understand your condition', text: 'Plain-language explanations of diagnoses and medical terms, without the jargon.' },
  {
    title: 'Make sense of prescriptions and lab reports',
    text: 'What a medicine is for, how to take it, and what the numbers on a lab report mean.',
  },
  { title: 'Know what to do next', text: 'Guidance on sensible next steps: self-care, booking an appointment, or getting help now.' },
  { title: 'Ask anonymously', text: 'Ask your question without creating an account or giving your name.' },
];

const HOW_IT_WORKS = [
  'Type your question, or paste the text of a prescription or lab report.',
  'CopilotMD explains it in plain language and points out anything that needs attention.',
  'You get suggested next steps, including when to contact your doctor or clinic.',
];

/** The patient assistant's "coming soon" page (/patients/copilotmd). */
export function PatientAssistantPage() {
  return (
    <PublicLayout title="CopilotMD">
      <section className={classes.hero}>
        <div className={`${classes.container} ${classes.narrow}`}>
          <p className={classes.eyebrow}>For patients · Coming soon</p>
          <h1>CopilotMD: your AI health assistant</h1>
          <p className={classes.lead}>
            Health questions answered in plain language: what a condition means, what your prescription or lab report says, and what to do next.
          </p>
          <div className={classes.actionsCenter}>
            <button type="button" className={classes.button} disabled>
              Coming Soon
            </button>
            <Link to="/patients/copilotmd/chat" className={classes.buttonOutline}>
              Ask a health question
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="what" className={classes.section}>
        <div className={classes.container}>
          <h2 id="what">What CopilotMD will do</h2>
          <div className={classes.grid}>
            {WHAT_IT_DOES.map((item) => (
              <article key={item.title} className={classes.card}>
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="how" className={classes.sectionAlt}>
        <div className={`${classes.container} ${classes.narrow}`}>
          <h2 id="how">How it works</h2>
          <ol className={classes.list}>
            {HOW_IT_WORKS.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="safety" className={classes.section}>
        <div className={`${classes.container} ${classes.narrow}`}>
          <h2 id="safety">Safety and privacy</h2>
          <ul className={classes.list}>
            <li>
              <strong>Not a replacement for professional care.</strong> CopilotMD gives general information. It does not diagnose or treat, and it
              never replaces advice from your doctor, nurse or pharmacist.
            </li>
            <li>
              <strong>In an emergency, call {EMERGENCY_NUMBER}.</strong> Do not wait for an answer online if you have chest pain, difficulty
              breathing, severe bleeding or any other emergency.
            </li>
            <li>
              <strong>Anonymous by design.</strong> You will be able to ask questions without an account, and you do not need to tell us who you
              are.
            </li>
          </ul>
        </div>
      </section>
    </PublicLayout>
  );
}
