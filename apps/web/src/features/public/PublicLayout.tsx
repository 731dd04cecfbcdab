import { useEffect, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { COMPANY } from './company';
import classes from './public.module.css';

/** The legal pages, in the order every legal page and the footer list them. */
export const LEGAL_LINKS = [
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/hipaa-notice', label: 'HIPAA Notice of Privacy Practices' },
  { to: '/cookie-policy', label: 'Cookie Policy' },
  { to: '/security', label: 'Security Practices' },
] as const;

const NAV_LINKS = [
  { to: '/about', label: 'About' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/contact', label: 'Contact' },
  { to: '/patients/copilotmd', label: 'For Patients' },
  { to: '/login', label: 'Sign In' },
] as const;

const FOOTER_GROUPS = [
  {
    title: 'Product',
    links: [
      { to: '/pricing', label: 'Pricing' },
      { to: '/about', label: 'About' },
      { to: '/contact', label: 'Contact' },
      { to: '/patients/copilotmd', label: 'For Patients' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { to: '/help', label: 'Help Center' },
      { to: '/documentation', label: 'Documentation' },
      { to: '/blog', label: 'Blog' },
      { to: '/careers', label: 'Careers' },
    ],
  },
  { title: 'Legal', links: LEGAL_LINKS },
] as const;

/** Sets the browser tab's title for the page. */
function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title === COMPANY.name ? title : `${title} | ${COMPANY.name}`;
  }, [title]);
}

/** A new page starts at its top unless the address points inside it. */
function useScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
}

function TopBar({ trialButton }: { trialButton: boolean }) {
  return (
    <header className={classes.header}>
      <div className={`${classes.container} ${classes.headerInner}`}>
        <Link to="/" className={classes.brand}>
          {COMPANY.name}
        </Link>
        <nav aria-label="Main" className={classes.nav}>
          <ul>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={classes.navLink} end>
                  {link.label}
                </NavLink>
              </li>
            ))}
            {trialButton && (
              <li>
                <Link to="/login" className={classes.button}>
                  Start Free Trial
                </Link>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}

function Footer() {
  return (
    <footer className={classes.footer}>
      <div className={classes.container}>
        <div className={classes.footerGrid}>
          <div>
            <p className={classes.brand}>{COMPANY.name}</p>
            <p className={classes.muted}>Clinic operations for hospitals and clinics.</p>
          </div>
          {FOOTER_GROUPS.map((group) => (
            <nav key={group.title} aria-label={group.title}>
              <h2>{group.title}</h2>
              <ul>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <p className={classes.copyright}>
          © {COMPANY.copyrightYear} {COMPANY.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

/**
 * The frame of every public page: skip link, top bar, the page's one `<main>`, footer with the
 * legal links and the copyright line.
 */
export function PublicLayout({ title, trialButton = false, children }: { title: string; trialButton?: boolean; children: ReactNode }) {
  useDocumentTitle(title);
  useScrollToTop();
  return (
    <div className={classes.page}>
      <a href="#main" className={classes.skip}>
        Skip to main content
      </a>
      <TopBar trialButton={trialButton} />
      <main id="main" tabIndex={-1} className={classes.main}>
        {children}
      </main>
      <Footer />
    </div>
  );
}

/** "Back to Home" and the links to the other legal pages, at the bottom of each legal page. */
export function LegalLinks({ current }: { current: string }) {
  return (
    <nav aria-label="Related policies" className={classes.legalLinks}>
      <h2>Related policies</h2>
      <ul className={classes.inlineList}>
        {LEGAL_LINKS.filter((link) => link.to !== current).map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
        <li>
          <Link to="/" className={classes.backLink}>
            Back to Home
          </Link>
        </li>
      </ul>
    </nav>
  );
}
