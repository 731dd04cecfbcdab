import type { EhrSyncRun, EhrSyncRunStatus } from '@clinic/domain/contracts/integrations';
import type { SyncSummary } from '@clinic/domain/contracts/settings';
import { isOpenSyncRun } from '@clinic/domain/rules/ehr-sync';
import { Alert, List, Progress, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { userSettingsKeys } from '../../../api/user-settings';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable';
import { QueryState } from '../../../ui/QueryState';
import { StatusChip, type Tone } from '../../../ui/StatusChip';
import { TimeText } from '../../../ui/TimeText';
import { openRunOf, useEpicSyncRuns } from '../api/get-epic-sync-runs';

const STATUS: Record<EhrSyncRunStatus, { label: string; tone: Tone }> = {
  queued: { label: 'Queued', tone: { color: 'gray.7', text: 'white' } },
  running: { label: 'Running', tone: { color: 'blue.8', text: 'white' } },
  succeeded: { label: 'Succeeded', tone: { color: 'teal.9', text: 'white' } },
  failed: { label: 'Failed', tone: { color: 'red.9', text: 'white' } },
};

/** "Created 3, updated 0, … (2 pages read)." */
export const countsOf = (s: SyncSummary) =>
  `Created ${s.created}, updated ${s.updated}, unchanged ${s.unchanged}, skipped ${s.skipped}, errors ${s.errors} (${s.pages} ${s.pages === 1 ? 'page' : 'pages'} read).`;

/** What an open run has done so far, said to screen readers as it changes. */
function RunProgress({ run }: { run: EhrSyncRun }) {
  const pages = run.progress?.pagesRead ?? 0;
  const patients = run.progress?.patientsProcessed ?? 0;
  return (
    <Stack gap={4}>
      <Progress value={100} animated striped aria-label="Syncing patients" />
      <Text size="sm" role="status">
        {run.status === 'queued'
          ? 'Sync queued: waiting for the server to start it.'
          : `Syncing: ${pages} ${pages === 1 ? 'page' : 'pages'} read, ${patients} ${patients === 1 ? 'patient' : 'patients'} processed.`}
      </Text>
    </Stack>
  );
}

/** The outcome of a run that ended: its counts, and why some were skipped or why it stopped. */
function RunResult({ run }: { run: EhrSyncRun }) {
  const summary = run.summary;
  const complete = run.status === 'succeeded' && summary?.complete === true;
  const messages = [...(summary?.messages ?? [])];
  if (run.error && !messages.includes(run.error)) messages.push(run.error);
  return (
    <Alert
      variant="outline"
      // orange.9 is 4.3:1 on white, under AA for the title; red.9 is 5.9:1.
      color={complete && summary?.errors === 0 ? 'teal.9' : 'red.9'}
      title={complete ? 'Sync complete' : 'Sync stopped'}
    >
      {summary && <Text size="sm">{countsOf(summary)}</Text>}
      {messages.length > 0 && (
        <List size="sm">
          {messages.map((m, i) => (
            <List.Item key={`${i} ${m}`}>{m}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

const COLUMNS: DataTableColumn<EhrSyncRun>[] = [
  { key: 'when', header: 'When', cell: (r) => <TimeText value={r.requestedAt} date="numeric" /> },
  { key: 'who', header: 'Who', cell: (r) => r.requestedBy ?? 'A former member' },
  {
    key: 'status',
    header: 'Status',
    // Wide enough for the longest chip ("Succeeded") unclipped.
    cellProps: { miw: 120 },
    cell: (r) => (
      <StatusChip status={r.status} tone={STATUS[r.status].tone} style={{ overflow: 'visible' }}>
        {STATUS[r.status].label}
      </StatusChip>
    ),
  },
  {
    key: 'result',
    header: 'Result',
    cell: (r) => (
      <Text size="sm">
        {r.summary && !isOpenSyncRun(r.status) ? countsOf(r.summary) : null}
        {r.error ? ` ${r.error}` : null}
      </Text>
    ),
  },
];

/**
 * Sync Patients as the server works it in the background: the open run's progress (polled while
 * it is queued or running), the outcome of the run this screen started once it ends, and the
 * history of runs (when, who, status, summary or error).
 */
export function EpicSyncRuns({ startedRunId }: { startedRunId: string | undefined }) {
  const runs = useEpicSyncRuns(true);
  const open = openRunOf(runs.data);
  const started = runs.data?.find((r) => r.id === startedRunId);
  const ended = started !== undefined && !isOpenSyncRun(started.status);
  const client = useQueryClient();
  // The run this screen started has ended: the last sync time may have moved.
  useEffect(() => {
    if (ended) void client.invalidateQueries({ queryKey: userSettingsKeys.orgInfo() });
  }, [ended, client]);
  return (
    <Stack gap="sm">
      {open && <RunProgress run={open} />}
      {started && ended && <RunResult run={started} />}
      <Title order={4} fz="h5">
        Sync history
      </Title>
      <QueryState query={runs} loadingLabel="Loading the sync history">
        {(rows) => <DataTable label="Sync history" columns={COLUMNS} rows={rows} rowKey={(r) => r.id} emptyText="No sync yet" minWidth={560} />}
      </QueryState>
    </Stack>
  );
}
