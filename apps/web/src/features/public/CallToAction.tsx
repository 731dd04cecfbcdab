import { Link } from 'react-router';
import classes from './public.module.css';

interface CtaLink {
  to: string;
  label: string;
}

/** Two centred links: the page's main action as a button, the other outlined (Contact Sales unless said). */
export function CtaLinks({ primary, secondary = { to: '/contact', label: 'Contact Sales' } }: { primary: CtaLink; secondary?: CtaLink }) {
  return (
    <div className={classes.actionsCenter}>
      <Link to={primary.to} className={classes.button}>
        {primary.label}
      </Link>
      <Link to={secondary.to} className={classes.buttonOutline}>
        {secondary.label}
      </Link>
    </div>
  );
}

/** A page's closing banner: a heading, one line, and the two links. */
export function CtaBanner({ id, title, text, primary }: { id: string; title: string; text: string; primary: CtaLink }) {
  return (
    <section aria-labelledby={id} className={classes.banner}>
      <div className={classes.container}>
        <h2 id={id}>{title}</h2>
        <p>{text}</p>
        <CtaLinks primary={primary} />
      </div>
    </section>
  );
}
