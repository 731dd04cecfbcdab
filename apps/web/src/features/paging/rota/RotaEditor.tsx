import type { OnCallRole } from '@clinic/domain/rules/paging';
import { Button, Group, Select, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../../../api/client';
import { Banner } from '../../../ui/Banner';
import { IssueList } from '../../../ui/IssueList';
import { viewerToday } from '../../../ui/calendar-today';
import { useSaveRota } from '../api/mutations';
import {
  WEEKDAYS,
  draftOfRota,
  issueText,
  memberOptions,
  namedInDraft,
  newOverride,
  newShift,
  rotaSubmission,
  type OverrideRow,
  type RotaDraft,
  type RotaMember,
  type ShiftRow,
} from './rota-form';

const WEEKDAY_OPTIONS = WEEKDAYS.map((label, i) => ({ value: String(i), label }));

type MemberOptions = ReturnType<typeof memberOptions>;

/** The primary and backup of a row: the primary required, the backup clearable. */
function MemberFields({
  label,
  row,
  options,
  onChange,
}: {
  label: string;
  row: { primaryMemberId: string | null; backupMemberId: string | null };
  options: MemberOptions;
  onChange: (change: { primaryMemberId?: string | null; backupMemberId?: string | null }) => void;
}) {
  return (
    <>
      <Table.Td>
        <Select
          aria-label={`${label} primary`}
          placeholder="Choose"
          searchable
          data={options}
          value={row.primaryMemberId}
          onChange={(v) => onChange({ primaryMemberId: v })}
          allowDeselect={false}
        />
      </Table.Td>
      <Table.Td>
        <Select
          aria-label={`${label} backup`}
          placeholder="No backup"
          searchable
          clearable
          data={options}
          value={row.backupMemberId}
          onChange={(v) => onChange({ backupMemberId: v })}
        />
      </Table.Td>
    </>
  );
}

/** The rows of one list (shifts or overrides): a header, its rows with a Remove button each, and an Add button. */
function RowsTable<R extends { key: string }>({
  label,
  headers,
  rows,
  rowName,
  addLabel,
  onAdd,
  onRemove,
  cells,
}: {
  label: string;
  headers: string[];
  rows: R[];
  rowName: string;
  addLabel: string;
  onAdd: () => void;
  onRemove: (key: string) => void;
  cells: (row: R, name: string) => ReactNode;
}) {
  return (
    <Stack gap="xs">
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={820}>
          <Table aria-label={label}>
            <Table.Thead>
              <Table.Tr>
                {headers.map((h) => (
                  <Table.Th key={h} scope="col">
                    {h}
                  </Table.Th>
                ))}
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, i) => (
                <Table.Tr key={row.key}>
                  {cells(row, `${rowName} ${i + 1}`)}
                  <Table.Td>
                    <Button variant="subtle" color="red" onClick={() => onRemove(row.key)} aria-label={`Remove ${rowName.toLowerCase()} ${i + 1}`}>
                      Remove
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group>
        <Button variant="light" onClick={onAdd}>
          {addLabel}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * One role's rota as a form, saved whole with Save Rota: the weekly shifts (put in the order of the
 * week on save) and the overrides. Problems, found here by the contract or by the server, are listed
 * above the buttons and nothing is saved.
 */
export function RotaEditor({
  role,
  rota,
  members,
  onDone,
}: {
  role: OnCallRole;
  rota: Parameters<typeof draftOfRota>[0];
  members: readonly RotaMember[];
  onDone: () => void;
}) {
  const save = useSaveRota();
  const [draft, setDraft] = useState<RotaDraft>(() => draftOfRota(rota));
  const [error, setError] = useState<{ title: string; issues: string[] } | null>(null);
  const options = memberOptions(members, role, namedInDraft(draft));

  const edit = (change: (d: RotaDraft) => RotaDraft) => {
    setDraft(change);
    setError(null);
  };
  const setShift = (key: string, change: Partial<ShiftRow>) =>
    edit((d) => ({ ...d, shifts: d.shifts.map((s) => (s.key === key ? { ...s, ...change } : s)) }));
  const setOverride = (key: string, change: Partial<OverrideRow>) =>
    edit((d) => ({ ...d, overrides: d.overrides.map((o) => (o.key === key ? { ...o, ...change } : o)) }));

  const submit = () => {
    const { body, problems } = rotaSubmission(role, draft);
    if (!body) return setError({ title: 'The rota has problems; nothing was saved.', issues: problems });
    save.mutate(body, {
      onSuccess: onDone,
      onError: (err) => setError({ title: err.message, issues: err instanceof ApiError ? (err.issues ?? []).map(issueText) : [] }),
    });
  };

  return (
    <Stack>
      <Title order={4}>Weekly shifts</Title>
      <Text size="sm" c="gray.7">
        Times are the clinic&apos;s. An end at or before the start runs into the next day. Shifts are kept in the order of the week; where two
        overlap, the first applies.
      </Text>
      <RowsTable
        label={`${role} weekly shifts`}
        headers={['Weekday', 'Start', 'End', 'Primary', 'Backup']}
        rows={draft.shifts}
        rowName="Shift"
        addLabel="Add Shift"
        onAdd={() => edit((d) => ({ ...d, shifts: [...d.shifts, newShift(d)] }))}
        onRemove={(key) => edit((d) => ({ ...d, shifts: d.shifts.filter((s) => s.key !== key) }))}
        cells={(s, name) => (
          <>
            <Table.Td>
              <Select
                aria-label={`${name} weekday`}
                data={WEEKDAY_OPTIONS}
                value={s.weekday}
                onChange={(v) => v && setShift(s.key, { weekday: v })}
                allowDeselect={false}
              />
            </Table.Td>
            <Table.Td>
              <TextInput
                aria-label={`${name} start`}
                type="time"
                value={s.start}
                onChange={(e) => setShift(s.key, { start: e.currentTarget.value })}
              />
            </Table.Td>
            <Table.Td>
              <TextInput aria-label={`${name} end`} type="time" value={s.end} onChange={(e) => setShift(s.key, { end: e.currentTarget.value })} />
            </Table.Td>
            <MemberFields label={name} row={s} options={options} onChange={(change) => setShift(s.key, change)} />
          </>
        )}
      />
      <Title order={4}>Overrides</Title>
      <Text size="sm" c="gray.7">
        Who is on call instead of the weekly shifts, every day from the first to the last day; where two cover a day, the later one in the list
        applies.
      </Text>
      <RowsTable
        label={`${role} overrides`}
        headers={['From', 'To', 'Primary', 'Backup']}
        rows={draft.overrides}
        rowName="Override"
        addLabel="Add Override"
        onAdd={() => edit((d) => ({ ...d, overrides: [...d.overrides, newOverride(viewerToday())] }))}
        onRemove={(key) => edit((d) => ({ ...d, overrides: d.overrides.filter((o) => o.key !== key) }))}
        cells={(o, name) => (
          <>
            <Table.Td>
              <TextInput
                aria-label={`${name} from`}
                type="date"
                value={o.from}
                onChange={(e) => setOverride(o.key, { from: e.currentTarget.value })}
              />
            </Table.Td>
            <Table.Td>
              <TextInput aria-label={`${name} to`} type="date" value={o.to} onChange={(e) => setOverride(o.key, { to: e.currentTarget.value })} />
            </Table.Td>
            <MemberFields label={name} row={o} options={options} onChange={(change) => setOverride(o.key, change)} />
          </>
        )}
      />
      {error && (
        <Banner title={error.title}>
          <IssueList issues={error.issues} fallback="Nothing was saved." />
        </Banner>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          Save Rota
        </Button>
      </Group>
    </Stack>
  );
}
