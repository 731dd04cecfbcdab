import type { ConsentDto } from '@clinic/domain/contracts/gdpr';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { gdprKeys } from './keys';

/** Withdraws a consent. */
export function useWithdrawConsent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ consent: ConsentDto }>(`/api/gdpr/consent/${encodeURIComponent(id)}/withdraw`, { method: 'POST', body: {} }).then((r) => r.consent),
    onSuccess: () => client.invalidateQueries({ queryKey: gdprKeys.all }),
  });
}
