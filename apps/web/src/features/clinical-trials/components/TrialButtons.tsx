import type { TrialDto } from '@clinic/domain/contracts/clinical-trials';
import { Button } from '@mantine/core';
import { openIntake } from '../open-intake';

/** A trial's Enroll Patient (while it recruits) and View Details buttons, named after the trial. */
export function TrialButtons({ trial, onDetails }: { trial: TrialDto; onDetails: (id: string) => void }) {
  return (
    <>
      {trial.status === 'Recruiting' && (
        <Button size="xs" onClick={() => openIntake(trial.id)} aria-label={`Enroll Patient in ${trial.title}`}>
          Enroll Patient
        </Button>
      )}
      <Button size="xs" variant="default" onClick={() => onDetails(trial.id)} aria-label={`View Details of ${trial.title}`}>
        View Details
      </Button>
    </>
  );
}
