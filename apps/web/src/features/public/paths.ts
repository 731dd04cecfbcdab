/**
 * Paths of the public site (marketing, legal and the patient assistant page). Kept apart from the
 * pages so the app shell can ask "is this a public-site page?" without loading any of them.
 */
export const PUBLIC_SITE_PATHS = [
  '/',
  '/pricing',
  '/about',
  '/contact',
  '/help',
  '/documentation',
  '/blog',
  '/careers',
  '/privacy',
  '/terms',
  '/hipaa-notice',
  '/cookie-policy',
  '/security',
  '/patients/copilotmd',
] as const;

/** True when `pathname` is a page of the public site. */
export function isPublicSitePath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (PUBLIC_SITE_PATHS as readonly string[]).includes(path);
}
