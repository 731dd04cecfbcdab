import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../api/client';
import { patientKeys } from './keys';

/** Dismisses a possible match: the two charts are different people. */
export function useDismissPossibleMatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (matchId: string) =>
      z
        .object({ success: z.literal(true) })
        .parse(await api(`/api/patients/possible-matches/${encodeURIComponent(matchId)}/dismiss`, { method: 'POST', body: {} })),
    onSuccess: () => client.invalidateQueries({ queryKey: patientKeys.all }),
  });
}
