import { PLANS, TRIAL_DAYS, findPlan, formatLimit, formatStorage, supportLevel, type Plan } from '@clinic/domain/rules/plans';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { fetchSession, sessionQueryKey, useSession } from '../../api/session';
import { CtaBanner } from './CallToAction';
import { PublicLayout } from './PublicLayout';
import classes from './public.module.css';
import pricing from './pricing.module.css';

const usersText = (plan: Plan) => (plan.limits.users === -1 ? 'Unlimited users' : `Up to ${formatLimit(plan.limits.users)} users`);
const patientsText = (plan: Plan) => `${formatLimit(plan.limits.patients)} patients`;
const storageText = (plan: Plan) => `${formatStorage(plan.limits.storageGb)} storage`;

const COMPARISON: Array<{ label: string; value: (plan: Plan) => string }> = [
  { label: 'Users', value: (p) => formatLimit(p.limits.users) },
  { label: 'Patients', value: (p) => formatLimit(p.limits.patients) },
  { label: 'Storage', value: (p) => formatStorage(p.limits.storageGb) },
  { label: 'Free Trial', value: (p) => `${p.trialDays} days` },
  { label: 'Support', value: (p) => supportLevel(p.features) },
];

const FAQ = [
  {
    q: 'How does the free trial work?',
    a: `Every plan starts with a ${TRIAL_DAYS}-day free trial. No credit card is required and there is no charge for the first month. You can cancel at any time.`,
  },
  {
    q: 'Can I change my plan later?',
    a: 'Yes. You can move to a larger or smaller plan at any time, and plan changes take effect immediately.',
  },
  {
    q: 'What payment methods do you accept?',
    a: 'We accept major credit and debit cards and bank payments, processed by our card payment provider. Subscriptions are billed monthly or annually and renew automatically until you cancel.',
  },
  {
    q: 'Is my data secure?',
    a: "Yes. Data is encrypted with AES-256 at rest and TLS 1.2 or higher in transit, each organization's data is kept apart from every other organization's, access follows each user's role and permissions, and sessions end after 30 minutes of inactivity by default.",
  },
];

/** Where choosing a plan leads: billing when signed in, else sign-in, carrying the plan. */
function useChoosePlan() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async (plan: Plan) => {
    let signedIn = false;
    try {
      signedIn = (await queryClient.ensureQueryData({ queryKey: sessionQueryKey, queryFn: fetchSession })) !== null;
    } catch {
      // The session could not be read: signing in is the way forward either way.
    }
    navigate(`${signedIn ? '/billing' : '/login'}?plan=${encodeURIComponent(plan.id)}`);
  };
}

function PlanCard({ plan, selected, onChoose }: { plan: Plan; selected: boolean; onChoose: (plan: Plan) => void }) {
  const headingId = `plan-${plan.id}`;
  return (
    <article aria-labelledby={headingId} className={selected ? `${pricing.plan} ${pricing.selected}` : pricing.plan} data-plan={plan.id}>
      <div className={pricing.badges}>
        {plan.mostPopular && <span className={pricing.popular}>Most Popular</span>}
        <span className={pricing.trial}>Free Trial</span>
      </div>
      <h3 id={headingId}>{plan.name}</h3>
      <p className={pricing.price}>
        <span className={pricing.amount}>${plan.price.toLocaleString('en-US')}</span>
        <span className={pricing.per}>/month</span>
      </p>
      <ul className={pricing.limits}>
        <li>{usersText(plan)}</li>
        <li>{patientsText(plan)}</li>
        <li>{storageText(plan)}</li>
      </ul>
      <ul className={pricing.features}>
        {plan.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      <button
        type="button"
        className={selected ? classes.button : classes.buttonOutline}
        aria-describedby={headingId}
        onClick={() => onChoose(plan)}
      >
        Start Free Trial
      </button>
    </article>
  );
}

/** The pricing page (/pricing): the catalogue's plans, the comparison table, FAQ and a closing block. */
export function PricingPage() {
  // Read early so that choosing a plan rarely waits for it.
  useSession();
  const choose = useChoosePlan();
  const [params] = useSearchParams();
  const selectedId = findPlan(params.get('plan'))?.id ?? PLANS.find((p) => p.mostPopular)?.id;

  return (
    <PublicLayout title="Pricing" trialButton>
      <section className={classes.hero}>
        <div className={classes.container}>
          <h1>Plans and Pricing</h1>
          <p className={classes.lead}>Every plan includes a {TRIAL_DAYS}-day free trial. No credit card required.</p>
        </div>
      </section>

      <section aria-labelledby="plans" className={classes.section}>
        <div className={classes.container}>
          <h2 id="plans" className={pricing.visuallyHidden}>
            Plans
          </h2>
          <div className={pricing.plans}>
            {PLANS.map((plan) => (
              <PlanCard key={plan.id} plan={plan} selected={plan.id === selectedId} onChoose={choose} />
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="comparison" className={classes.sectionAlt}>
        <div className={classes.container}>
          <h2 id="comparison">Feature Comparison</h2>
          {/* Focusable so that keyboard users can scroll the table on a narrow screen. */}
          <div className={classes.tableWrap} role="region" aria-label="Feature comparison table" tabIndex={0}>
            <table className={classes.table}>
              <thead>
                <tr>
                  <th scope="col">Feature</th>
                  {PLANS.map((p) => (
                    <th key={p.id} scope="col">
                      {p.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {COMPARISON.map((row) => (
                  <tr key={row.label}>
                    <th scope="row">{row.label}</th>
                    {PLANS.map((p) => (
                      <td key={p.id}>{row.value(p)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </section>

      <section aria-labelledby="faq" className={classes.section}>
        <div className={`${classes.container} ${classes.narrow}`}>
          <h2 id="faq">Frequently Asked Questions</h2>
          {FAQ.map((item) => (
            <div key={item.q} className={pricing.faq}>
              <h3>{item.q}</h3>
              <p>{item.a}</p>
            </div>
          ))}
        </div>
      </section>

      <CtaBanner
        id="ready"
        title="Ready to get started?"
        text="Start your free trial today, or talk to our team about the right plan for your organization."
        primary={{ to: '/login', label: 'Start Free Trial' }}
      />
    </PublicLayout>
  );
}
