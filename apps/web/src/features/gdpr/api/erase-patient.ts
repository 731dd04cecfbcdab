import { erasureResponse } from '@clinic/domain/contracts/gdpr';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { gdprKeys } from './keys';

/**
 * Answers an erasure request: restricts the patient's processing and removes their contact details
 * (medical records are kept for the retention period). The patient record is refreshed too.
 */
export function useErasePatient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { patientId: string; requestId?: string }) =>
      api('/api/gdpr/erase', { method: 'POST', body, reply: erasureResponse }).then((r) => r.erasure),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: gdprKeys.all }), client.invalidateQueries({ queryKey: ['patients'] })]),
  });
}
