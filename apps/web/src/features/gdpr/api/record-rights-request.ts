import { rightsRequestResponse, type RightsRequestType } from '@clinic/domain/contracts/gdpr';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { gdprKeys } from './keys';

/** Records a rights request on the patient's behalf (due 30 days later). */
export function useRecordRightsRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { patientId: string; type: RightsRequestType; notes?: string }) =>
      api('/api/gdpr/rights-request', { method: 'POST', body, reply: rightsRequestResponse }).then((r) => r.request),
    onSuccess: () => client.invalidateQueries({ queryKey: gdprKeys.all }),
  });
}
