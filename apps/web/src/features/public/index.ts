/** Public pages: landing, marketing and legal (issue 5). */
export * from './pages';
