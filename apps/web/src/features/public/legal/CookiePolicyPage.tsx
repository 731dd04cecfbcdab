import { COMPANY } from '../company';
import classes from '../public.module.css';
import { LegalPage, type LegalSection } from './LegalPage';
import { FIGURES } from './statements';

/**
 * The cookie and storage names of the policy (operations-and-public section 3), described as the
 * web app actually uses them today; clinicId is listed too because the app stores it.
 */
const ITEMS = [
  {
    name: 'session_id',
    kind: 'Cookie (httpOnly)',
    category: 'Essential',
    purpose: 'Keeps you signed in. Scripts on the page cannot read it.',
    duration: `Ends after ${FIGURES.idleLogoffMinutes} minutes of inactivity by default, and after ${FIGURES.absoluteSessionHours} hours at most`,
  },
  {
    name: 'auth_token',
    kind: 'API credential',
    category: 'Essential',
    purpose: 'The sign-in token of API clients and integrations, sent in the Authorization header. The website does not store it in your browser.',
    duration: `Expires like a session: after ${FIGURES.idleLogoffMinutes} minutes of inactivity by default`,
  },
  {
    name: 'csrf_token',
    kind: 'Cookie',
    category: 'Essential',
    purpose:
      'Reserved for protection against cross-site request forgery. Not currently set: that protection comes from the SameSite session cookie and checks of where each request comes from.',
    duration: 'Not currently set',
  },
  {
    name: 'organizationId',
    kind: 'Local storage',
    category: 'Essential',
    purpose: 'Remembers which organization you are working in.',
    duration: 'Until you sign out or clear your browser storage',
  },
  {
    name: 'clinicId',
    kind: 'Local storage',
    category: 'Essential',
    purpose: 'Remembers which clinic of the organization you are working in.',
    duration: 'Until you sign out or clear your browser storage',
  },
  {
    name: 'theme_preference',
    kind: 'Cookie',
    category: 'Preference',
    purpose: 'Remembers a display theme you choose. Not currently set.',
    duration: `Up to ${FIGURES.preferenceCookieYears} year`,
  },
  {
    name: 'language',
    kind: 'Cookie',
    category: 'Preference',
    purpose: 'Remembers a language you choose. Not currently set.',
    duration: `Up to ${FIGURES.preferenceCookieYears} year`,
  },
];

function CookieTable() {
  return (
    // Focusable so that keyboard users can scroll the table on a narrow screen.
    <div className={classes.tableWrap} role="region" aria-label="Cookie table" tabIndex={0}>
      <table className={classes.table}>
        <caption>Cookies and browser storage we use</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Type</th>
            <th scope="col">Category</th>
            <th scope="col">Purpose</th>
            <th scope="col">Duration</th>
          </tr>
        </thead>
        <tbody>
          {ITEMS.map((item) => (
            <tr key={item.name}>
              <th scope="row">
                <code>{item.name}</code>
              </th>
              <td>{item.kind}</td>
              <td>{item.category}</td>
              <td>{item.purpose}</td>
              <td>{item.duration}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const SECTIONS: LegalSection[] = [
  {
    title: 'What Cookies and Browser Storage Are',
    body: (
      <p>
        Cookies are small text files a website asks your browser to keep and send back on later visits. Browser storage (local storage) works in a
        similar way but stays in your browser and is not sent automatically. We use both only to make {COMPANY.name} work and to remember your
        choices.
      </p>
    ),
  },
  {
    title: 'The Cookies and Storage We Use',
    body: (
      <>
        <p>
          <strong>Essential</strong> items are needed to sign in and use the platform securely; the platform cannot work without them.{' '}
          <strong>Preference</strong> items remember choices you make and last up to {FIGURES.preferenceCookieYears} year.
        </p>
        <CookieTable />
      </>
    ),
  },
  {
    title: 'What We Do Not Use',
    body: <p>We do not use advertising or cross-site tracking cookies, and we do not let third parties place cookies through our platform.</p>,
  },
  {
    title: 'Managing Cookies',
    body: (
      <p>
        You can delete cookies and browser storage, or block them, in your browser's settings. If you block essential cookies you will not be able
        to sign in. Signing out removes the session cookie and the stored organization and clinic.
      </p>
    ),
  },
  {
    title: 'Changes and Contact',
    body: (
      <p>
        We will update this policy, and the table above, whenever we change the cookies or storage we use. Questions can be sent to{' '}
        <a href={`mailto:${COMPANY.emails.privacy}`}>{COMPANY.emails.privacy}</a>.
      </p>
    ),
  },
];

/** The Cookie Policy (/cookie-policy) with its cookie table. */
export function CookiePolicyPage() {
  return (
    <LegalPage
      path="/cookie-policy"
      title="Cookie Policy"
      intro={<p>This policy explains which cookies and browser storage {COMPANY.name} uses, and why.</p>}
      sections={SECTIONS}
    />
  );
}
