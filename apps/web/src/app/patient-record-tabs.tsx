import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { PatientRecordTab } from '../ui/patient-record-tabs';

// Loaded when the tab is opened, so the patient record's first load stays the same.
const PrivacyTab = lazy(() => import('../features/gdpr').then((m) => ({ default: m.PrivacyTab })));

/** The tabs other features add to the patient record (features never import each other; the app joins them). */
export const PATIENT_RECORD_TABS: readonly PatientRecordTab[] = [
  {
    value: 'privacy',
    label: 'Privacy',
    render: (patientId) => (
      <Suspense
        fallback={
          <Center py="md">
            <Loader aria-label="Loading privacy" />
          </Center>
        }
      >
        <PrivacyTab patientId={patientId} />
      </Suspense>
    ),
  },
];
