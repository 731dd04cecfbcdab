import { patientResponse, type PatientInput } from '@clinic/domain/contracts/patients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { patientKeys } from './keys';
import { toWireBody } from './wire';

/** Saves a patient's details (the spec's `PUT /api/triage/patients/{id}`). */
export function useUpdatePatient(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PatientInput) =>
      api(`/api/triage/patients/${encodeURIComponent(id)}`, {
        reply: patientResponse,
        method: 'PUT',
        body: { ...toWireBody(input), lastUpdated: new Date().toISOString() },
      }).then((r) => r.patient),
    onSuccess: (patient) => {
      client.setQueryData(patientKeys.detail(id), patient);
      return client.invalidateQueries({ queryKey: patientKeys.all });
    },
  });
}
