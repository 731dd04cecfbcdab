import type { PatientDto } from '@clinic/domain/contracts/patients';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Banner } from '../../../ui/Banner';
import { useDischargePatient } from '../api/discharge-patient';
import { fullName } from '../lib/format';

/** Asks before discharging a patient, then discharges. */
export function DischargeDialog({ patient, onClose }: { patient: PatientDto | null; onClose: () => void }) {
  const discharge = useDischargePatient();
  const close = () => {
    discharge.reset();
    onClose();
  };
  const confirm = async () => {
    if (!patient) return;
    try {
      await discharge.mutateAsync(patient.id);
      notifications.show({ color: 'green', message: `${fullName(patient)} was discharged` });
      close();
    } catch {
      /* the message is shown in the dialog */
    }
  };
  return (
    <Modal opened={patient !== null} onClose={close} title="Discharge Patient" centered>
      {patient && (
        <Stack gap="md">
          <Text>
            Discharge <strong>{fullName(patient)}</strong>? Their status becomes discharged; the record and visit history are kept.
          </Text>
          {discharge.error && <Banner>{discharge.error.message}</Banner>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color="red.8" onClick={confirm} loading={discharge.isPending}>
              Discharge
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
