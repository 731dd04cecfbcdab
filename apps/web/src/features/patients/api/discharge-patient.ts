import { patientResponse } from '@clinic/domain/contracts/patients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { patientKeys } from './keys';

/** Discharges a patient. */
export function useDischargePatient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/patients/${encodeURIComponent(id)}/discharge`, { method: 'POST', body: {}, reply: patientResponse }).then((r) => r.patient),
    onSuccess: (patient) => {
      client.setQueryData(patientKeys.detail(patient.id), patient);
      return client.invalidateQueries({ queryKey: patientKeys.all });
    },
  });
}
