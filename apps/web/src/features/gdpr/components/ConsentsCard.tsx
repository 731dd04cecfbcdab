import { CONSENT_PURPOSES, consentBody, type ConsentDto } from '@clinic/domain/contracts/gdpr';
import { Button, Group, Select, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { Banner } from '../../../ui/Banner';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable';
import { EmptyState } from '../../../ui/EmptyState';
import { QueryState } from '../../../ui/QueryState';
import { StatusChip } from '../../../ui/StatusChip';
import { TimeText } from '../../../ui/TimeText';
import { useZodForm } from '../../../ui/use-zod-form';
import { useConsents } from '../api/get-consents';
import { useRecordConsent } from '../api/record-consent';
import { useWithdrawConsent } from '../api/withdraw-consent';
import { PURPOSE_LABELS } from '../labels';
import { GdprCard } from './GdprCard';
import { RecordForm } from './RecordForm';

const PURPOSE_OPTIONS = CONSENT_PURPOSES.map((p) => ({ value: p, label: PURPOSE_LABELS[p] }));

/** The patient's consents by purpose: record one, withdraw an active one. */
export function ConsentsCard({ patientId }: { patientId: string }) {
  const consents = useConsents(patientId);
  return (
    <GdprCard title="Consents">
      <Stack gap="md">
        <RecordConsentForm patientId={patientId} />
        <QueryState
          query={consents}
          loadingLabel="Loading consents"
          isEmpty={(list) => list.length === 0}
          empty={<EmptyState compact title="No consents recorded." />}
        >
          {(list) => <ConsentTable consents={list} />}
        </QueryState>
      </Stack>
    </GdprCard>
  );
}

function RecordConsentForm({ patientId }: { patientId: string }) {
  const record = useRecordConsent();
  const form = useZodForm({ schema: consentBody, initialValues: { patientId, purpose: null as string | null } });
  const [saved, setSaved] = useState<string | null>(null);
  const onSubmit = form.onSubmit((body) => {
    setSaved(null);
    record.mutate(body, {
      onSuccess: (c) => {
        setSaved(`${PURPOSE_LABELS[c.purpose]} consent recorded.`);
        form.reset();
      },
    });
  });
  return (
    <RecordForm label="Record a consent" onSubmit={onSubmit} error={record.error} saved={saved}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select label="Purpose" placeholder="Choose a purpose" data={PURPOSE_OPTIONS} {...form.getInputProps('purpose')} w={240} />
        <Button type="submit" loading={record.isPending}>
          Record Consent
        </Button>
      </Group>
    </RecordForm>
  );
}

function ConsentTable({ consents }: { consents: ConsentDto[] }) {
  const withdraw = useWithdrawConsent();
  const columns: DataTableColumn<ConsentDto>[] = [
    { key: 'purpose', header: 'Purpose', cell: (c) => PURPOSE_LABELS[c.purpose] },
    {
      key: 'status',
      header: 'Status',
      cell: (c) => <StatusChip status={c.active ? 'active' : 'withdrawn'}>{c.active ? 'Active' : 'Withdrawn'}</StatusChip>,
    },
    { key: 'given', header: 'Given', cell: (c) => <TimeText value={c.givenAt} date="numeric" fallback="" /> },
    { key: 'recordedBy', header: 'Recorded by', cell: (c) => c.recordedBy ?? '' },
    {
      key: 'withdrawn',
      header: 'Withdrawn',
      cell: (c) =>
        c.withdrawnAt ? (
          <Text size="sm">
            <TimeText value={c.withdrawnAt} date="numeric" />
            {c.withdrawnBy ? ` by ${c.withdrawnBy}` : ''}
          </Text>
        ) : null,
    },
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      cell: (c) =>
        c.active && (
          <Button
            size="xs"
            variant="default"
            loading={withdraw.isPending && withdraw.variables === c.id}
            onClick={() => withdraw.mutate(c.id)}
            aria-label={`Withdraw ${PURPOSE_LABELS[c.purpose]} consent`}
          >
            Withdraw
          </Button>
        ),
    },
  ];
  return (
    <Stack gap="xs">
      {withdraw.isError && <Banner>{withdraw.error.message}</Banner>}
      <DataTable label="Consents" columns={columns} rows={consents} rowKey={(c) => c.id} minWidth={560} striped />
    </Stack>
  );
}
