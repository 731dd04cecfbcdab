/** The patient directory: list, detail with visits, and the create/edit form. */
export { PatientListPage } from './PatientListPage';
export { PatientDetailPage } from './PatientDetailPage';
export { PatientFormPage } from './PatientFormPage';
