import { consentResponse, type ConsentBody } from '@clinic/domain/contracts/gdpr';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { gdprKeys } from './keys';

/** Records a consent the patient gives for a purpose. */
export function useRecordConsent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsentBody) => api('/api/gdpr/consent', { method: 'POST', body, reply: consentResponse }).then((r) => r.consent),
    onSuccess: () => client.invalidateQueries({ queryKey: gdprKeys.all }),
  });
}
