import type { OnCallOverride, OnCallShift } from '@clinic/domain/rules/paging';
import { Stack, Table, Text, Title } from '@mantine/core';
import { formatDay } from '../../../ui/date-format';
import { nameOf, shiftEndText, sortShifts, WEEKDAYS } from './rota-form';

/** A rota read-only: its weekly shifts in the order of the week, and its overrides as listed. */
export function RotaTables({
  role,
  shifts,
  overrides,
  names,
}: {
  role: string;
  shifts: readonly OnCallShift[];
  overrides: readonly OnCallOverride[];
  names: ReadonlyMap<string, string>;
}) {
  return (
    <Stack gap="sm">
      <Title order={4}>Weekly shifts</Title>
      {shifts.length === 0 ? (
        <Text c="gray.7">No weekly shifts.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label={`${role} weekly shifts`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Weekday</Table.Th>
                <Table.Th scope="col">Start</Table.Th>
                <Table.Th scope="col">End</Table.Th>
                <Table.Th scope="col">Primary</Table.Th>
                <Table.Th scope="col">Backup</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sortShifts(shifts).map((s, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{WEEKDAYS[s.weekday]}</Table.Td>
                  <Table.Td>{s.start}</Table.Td>
                  <Table.Td>{shiftEndText(s)}</Table.Td>
                  <Table.Td>{nameOf(names, s.primaryMemberId)}</Table.Td>
                  <Table.Td>{nameOf(names, s.backupMemberId)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Title order={4}>Overrides</Title>
      {overrides.length === 0 ? (
        <Text c="gray.7">No overrides.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label={`${role} overrides`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">From</Table.Th>
                <Table.Th scope="col">To</Table.Th>
                <Table.Th scope="col">Primary</Table.Th>
                <Table.Th scope="col">Backup</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {overrides.map((o, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{formatDay(o.from, 'medium', o.from)}</Table.Td>
                  <Table.Td>{formatDay(o.to, 'medium', o.to)}</Table.Td>
                  <Table.Td>{nameOf(names, o.primaryMemberId)}</Table.Td>
                  <Table.Td>{nameOf(names, o.backupMemberId)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
