import { Link } from 'react-router';
import { PublicLayout } from './PublicLayout';
import classes from './public.module.css';

/** A public page whose content is still being written (operations-and-public section 2.1). */
function ComingSoonPage({ title }: { title: string }) {
  return (
    <PublicLayout title={title}>
      <section className={classes.hero}>
        <div className={`${classes.container} ${classes.narrow}`}>
          <h1>{title}</h1>
          <p className={classes.lead}>Content is coming soon.</p>
          <p className={classes.lead}>In the meantime, our team is happy to help with any question.</p>
          <div className={classes.actionsCenter}>
            <Link to="/contact" className={classes.button}>
              Contact Us
            </Link>
            <Link to="/" className={classes.buttonOutline}>
              Back to Home
            </Link>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}

export const HelpPage = () => <ComingSoonPage title="Help Center" />;
export const DocumentationPage = () => <ComingSoonPage title="Documentation" />;
export const BlogPage = () => <ComingSoonPage title="Blog" />;
export const CareersPage = () => <ComingSoonPage title="Careers" />;
