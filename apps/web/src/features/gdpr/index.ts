/** Patients' rights: the patient record's Privacy tab (consents, rights requests, access history). */
export { PrivacyTab } from './PrivacyTab';
