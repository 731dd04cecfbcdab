/** The patient-merge module: its routes only; nothing imports it but the app. */
export { patientMergeRoutes } from './patient-merge.routes.js';
