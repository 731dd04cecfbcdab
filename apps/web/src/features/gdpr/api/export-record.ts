import { patientExportResponse } from '@clinic/domain/contracts/gdpr';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { gdprKeys } from './keys';

/**
 * `GET /api/gdpr/export`: the patient's record as a FHIR R4 Bundle (the right of access), saved by
 * the browser as a `.json` file.
 */
export function useExportRecord(patientId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const bundle = await api('/api/gdpr/export', { query: { patientId }, reply: patientExportResponse });
      const url = URL.createObjectURL(new Blob([JSON.stringify(bundle, null, 2)], { type: 'application/fhir+json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `patient-${patientId}-record.fhir.json`;
      link.click();
      URL.revokeObjectURL(url);
    },
    // The export is in the access history now.
    onSettled: () => client.invalidateQueries({ queryKey: gdprKeys.accessHistory(patientId) }),
  });
}
