import type { VisitorDto } from '@clinic/domain/contracts/visitors';
import { Button, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Banner } from '../../../ui/Banner';
import { QueryState } from '../../../ui/QueryState';
import { TimeText } from '../../../ui/TimeText';
import type { VisitorWithBadge } from '../api/refresh-visitor';
import { useReprintBadge } from '../api/reprint-badge';
import { useVisitors } from '../api/get-visitors';
import { BadgeLabel } from './BadgeLabel';
import { ReprintBadgeDialog } from './ReprintBadgeDialog';
import { RevokeBadgeDialog } from './RevokeBadgeDialog';
import { ViewVisitorButton } from './ViewVisitorButton';

/** The badges of the visitors checked in now, each with View, Reprint and Revoke. */
export function ActiveBadges({ onView }: { onView: (id: string) => void }) {
  const active = useVisitors({ status: 'Checked In', page: 1, limit: 100 });
  const reprint = useReprintBadge();
  const [printing, setPrinting] = useState<VisitorWithBadge | null>(null);
  const [revoking, setRevoking] = useState<VisitorDto | null>(null);
  return (
    <>
      {reprint.isError && <Banner>{reprint.error.message}</Banner>}
      <QueryState query={active} isEmpty={(d) => d.visitors.length === 0} empty={<Text c="gray.7">No active badges</Text>}>
        {(d) => (
          <Table.ScrollContainer minWidth={700}>
            <Table striped aria-label="Active badges">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Badge</Table.Th>
                  <Table.Th>Visitor</Table.Th>
                  <Table.Th>Patient</Table.Th>
                  <Table.Th>Valid Until</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.visitors.map((v) => (
                  <Table.Tr key={v.id} data-visitor-id={v.id}>
                    <Table.Td>
                      <BadgeLabel badgeNumber={v.badgeNumber} accessLevel={v.accessLevel} />
                    </Table.Td>
                    <Table.Td>
                      {v.firstName} {v.lastName}
                    </Table.Td>
                    <Table.Td>{v.patientName}</Table.Td>
                    <Table.Td>
                      <TimeText value={v.validUntil} seconds={false} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <ViewVisitorButton visitor={v} onView={onView} />
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => reprint.mutate(v.id, { onSuccess: setPrinting })}
                          loading={reprint.isPending && reprint.variables === v.id}
                          aria-label={`Reprint badge ${v.badgeNumber}`}
                        >
                          Reprint
                        </Button>
                        <Button size="xs" variant="light" color="red" onClick={() => setRevoking(v)} aria-label={`Revoke badge ${v.badgeNumber}`}>
                          Revoke
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
      <ReprintBadgeDialog printing={printing} onClose={() => setPrinting(null)} />
      <RevokeBadgeDialog visitor={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}
