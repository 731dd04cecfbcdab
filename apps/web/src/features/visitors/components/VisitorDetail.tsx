import { Group, Modal, Stack, Text, Title } from '@mantine/core';
import { formatDay } from '../../../ui/date-format';
import { QueryState } from '../../../ui/QueryState';
import { StatusChip } from '../../../ui/StatusChip';
import { TimeText } from '../../../ui/TimeText';
import { useVisitor } from '../api/get-visitor';
import { VisitorActions } from './VisitorActions';

/** A visitor's details in a dialog: the visit, the badge, the ID, the actions and the visit history. */
export function VisitorDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
  const visitor = useVisitor(id);
  return (
    <Modal opened={id !== null} onClose={onClose} title="Visitor Details" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <QueryState query={visitor}>
        {(v) => (
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={700} fz="lg">
                {v.firstName} {v.lastName}
              </Text>
              <StatusChip status={v.status} />
            </Group>
            <Text>
              {v.relationship} of {v.patientName} · {v.visitPurpose}
            </Text>
            <Text>{[v.department, v.floor && `Floor ${v.floor}`, v.roomNumber && `Room ${v.roomNumber}`].filter(Boolean).join(' · ') || '—'}</Text>
            <Text>
              Badge {v.badgeNumber} · {v.accessLevel} · valid until <TimeText value={v.validUntil} seconds={false} />
            </Text>
            <Text>
              Checked in <TimeText value={v.checkInTime} seconds={false} />
              {v.checkOutTime ? (
                <>
                  , out <TimeText value={v.checkOutTime} seconds={false} />
                </>
              ) : (
                ''
              )}{' '}
              · {v.duration}
            </Text>
            {v.rating !== null && <Text>Rating {v.rating}/5</Text>}
            <Text>Phone {v.phone}</Text>
            <Text>
              ID: {v.idDocument.type ?? '—'} {v.idDocument.number ?? ''} {v.idDocument.issuedBy ? `(${v.idDocument.issuedBy})` : ''}
            </Text>
            <VisitorActions visitor={v} />
            <Title order={3} fz="md" mt="sm">
              Visit History
            </Title>
            {v.visitHistory.length === 0 ? (
              <Text c="gray.7">No earlier visits</Text>
            ) : (
              v.visitHistory.map((h) => (
                <Text key={h.id} fz="sm">
                  {formatDay(h.checkInTime, 'numeric')} · {h.patientName} · {h.status} · {h.duration}
                </Text>
              ))
            )}
          </Stack>
        )}
      </QueryState>
    </Modal>
  );
}
