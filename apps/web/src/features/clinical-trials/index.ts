/** The Clinical Trial Dashboard. */
export { ClinicalTrialsPage } from './ClinicalTrialsPage';
