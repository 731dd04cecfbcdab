import { consentResponse } from '@clinic/domain/contracts/gdpr';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { gdprKeys } from './keys';

/** Withdraws a consent. */
export function useWithdrawConsent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/gdpr/consent/${encodeURIComponent(id)}/withdraw`, { method: 'POST', body: {}, reply: consentResponse }).then((r) => r.consent),
    onSuccess: () => client.invalidateQueries({ queryKey: gdprKeys.all }),
  });
}
