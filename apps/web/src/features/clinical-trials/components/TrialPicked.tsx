import type { TrialDto } from '@clinic/domain/contracts/clinical-trials';
import { NativeSelect, Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { EmptyState } from '../../../ui/EmptyState';

/** A tab about one trial: the trial picker (the first trial at first), then what it shows of the chosen one. */
export function TrialPicked({ trials, children }: { trials: TrialDto[]; children: (trialId: string) => ReactNode }) {
  const [trialId, setTrialId] = useState(trials[0]?.id ?? '');
  if (!trials.length) return <EmptyState title="No clinical trials yet" />;
  return (
    <Stack gap="md">
      <NativeSelect
        label="Trial"
        value={trialId}
        onChange={(e) => setTrialId(e.currentTarget.value)}
        data={trials.map((t) => ({ value: t.id, label: `${t.title} (${t.status})` }))}
        maw={520}
      />
      {children(trialId)}
    </Stack>
  );
}
