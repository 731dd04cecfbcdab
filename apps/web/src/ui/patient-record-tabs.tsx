import { createContext, useContext, type ReactNode } from 'react';

/** A tab another feature adds to the patient record (the Privacy tab of patients' rights). */
export interface PatientRecordTab {
  value: string;
  label: string;
  render: (patientId: string) => ReactNode;
}

/**
 * The patient record's extra tabs. Features never import each other, so the app shell, which may
 * import every feature, provides the tabs of other features here and the record shows them.
 */
export const PatientRecordTabsContext = createContext<readonly PatientRecordTab[]>([]);

/** The extra tabs the app provides to the patient record. */
export const usePatientRecordTabs = () => useContext(PatientRecordTabsContext);
