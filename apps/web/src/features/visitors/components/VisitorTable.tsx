import type { VisitorDto } from '@clinic/domain/contracts/visitors';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { Banner } from '../../../ui/Banner';
import { StatusChip } from '../../../ui/StatusChip';
import { useCheckOutVisitor } from '../api/check-out-visitor';
import { BadgeLabel } from './BadgeLabel';
import { ViewVisitorButton } from './ViewVisitorButton';

/** The spec's table: visitor and relationship, badge and access level, patient and room, department and floor, status, duration, actions. */
export function VisitorTable({ visitors, onView, label }: { visitors: VisitorDto[]; onView: (id: string) => void; label: string }) {
  const checkOut = useCheckOutVisitor();
  return (
    <Stack gap="xs">
      {checkOut.isError && <Banner>{checkOut.error.message}</Banner>}
      <Table.ScrollContainer minWidth={900}>
        <Table striped aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Visitor</Table.Th>
              <Table.Th>Badge</Table.Th>
              <Table.Th>Patient</Table.Th>
              <Table.Th>Department</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Duration</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {visitors.map((v) => (
              <Table.Tr key={v.id} data-visitor-id={v.id}>
                <Table.Td>
                  <Text fw={600}>
                    {v.firstName} {v.lastName}
                  </Text>
                  <Text fz="sm" c="gray.7">
                    {v.relationship}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <BadgeLabel badgeNumber={v.badgeNumber} accessLevel={v.accessLevel} />
                </Table.Td>
                <Table.Td>
                  <Text>{v.patientName}</Text>
                  <Text fz="sm" c="gray.7">
                    {v.roomNumber ? `Room ${v.roomNumber}` : '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text>{v.department ?? '—'}</Text>
                  <Text fz="sm" c="gray.7">
                    {v.floor ? `Floor ${v.floor}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <StatusChip status={v.status} />
                </Table.Td>
                <Table.Td>{v.duration}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <ViewVisitorButton visitor={v} onView={onView} />
                    {v.status === 'Checked In' && (
                      <Button
                        size="xs"
                        onClick={() => checkOut.mutate({ id: v.id })}
                        loading={checkOut.isPending && checkOut.variables?.id === v.id}
                        aria-label={`Check Out ${v.firstName} ${v.lastName}`}
                      >
                        Check Out
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
