import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LegalLinks, PublicLayout } from '../PublicLayout';
import classes from '../public.module.css';

/** One numbered section of a legal page. */
export interface LegalSection {
  title: string;
  body: ReactNode;
}

/**
 * The frame of a legal page: "Back to Home", the title, an introduction, numbered sections and
 * links to the other legal pages at the bottom.
 */
export function LegalPage({ path, title, intro, sections }: { path: string; title: string; intro: ReactNode; sections: LegalSection[] }) {
  return (
    <PublicLayout title={title}>
      <article className={`${classes.container} ${classes.narrow} ${classes.prose}`}>
        <Link to="/" className={classes.backLink}>
          Back to Home
        </Link>
        <h1>{title}</h1>
        {intro}
        {sections.map((section, i) => (
          <section key={section.title} aria-labelledby={`section-${i + 1}`}>
            <h2 id={`section-${i + 1}`}>
              {i + 1}. {section.title}
            </h2>
            {section.body}
          </section>
        ))}
        <LegalLinks current={path} />
      </article>
    </PublicLayout>
  );
}
