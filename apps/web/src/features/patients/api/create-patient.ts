import { patientResponse, type PatientInput } from '@clinic/domain/contracts/patients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { patientKeys } from './keys';
import { toWireBody } from './wire';

/** Creates a patient (the spec's `POST /api/triage/patients`). */
export function useCreatePatient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PatientInput) =>
      api('/api/triage/patients', {
        reply: patientResponse,
        method: 'POST',
        body: { ...toWireBody(input), status: 'active', createdAt: new Date().toISOString() },
      }).then((r) => r.patient),
    onSuccess: () => client.invalidateQueries({ queryKey: patientKeys.all }),
  });
}
