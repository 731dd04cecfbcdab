/** The AI triage page. */
export { TriagePage } from './TriagePage';
