/** The internal test pages (operations section 2.9): public routes that exercise the real API. */
export { DataSegregationTestPage } from './DataSegregationTestPage';
export { OrganizationTestPage } from './OrganizationTestPage';
export { PatientFlowTestPage } from './PatientFlowTestPage';
