import type { PatientDto } from '@clinic/domain/contracts/patients';
import { ageLabel } from '@clinic/domain/rules/patient-age';
import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { STATUS_COLORS, STATUS_LABELS, formatDay, fullName } from '../lib/format';

/** The directory table: patient, contact, age, status, last visit, actions. */
export function PatientTable({
  patients,
  highlightId,
  onDischarge,
}: {
  patients: PatientDto[];
  highlightId?: string | null;
  onDischarge: (patient: PatientDto) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Patients">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Patient</Table.Th>
            <Table.Th scope="col">Contact</Table.Th>
            <Table.Th scope="col">Age</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Last Visit</Table.Th>
            <Table.Th scope="col">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {patients.map((p) => {
            const name = fullName(p);
            const highlighted = p.id === highlightId;
            return (
              <Table.Tr
                key={p.id}
                data-highlighted={highlighted || undefined}
                aria-current={highlighted ? 'true' : undefined}
                bg={highlighted ? 'yellow.1' : undefined}
              >
                <Table.Td>
                  <Anchor component={Link} to={`/patients/${p.id}`} fw={600}>
                    {name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    ID: {p.id.slice(0, 8)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    {p.email && <Text size="sm">{p.email}</Text>}
                    {p.phone && (
                      <Text size="sm" c="dimmed">
                        {p.phone}
                      </Text>
                    )}
                    {!p.email && !p.phone && (
                      <Text size="sm" c="dimmed">
                        Not recorded
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>{ageLabel(p.dateOfBirth)}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLORS[p.status]} c="dark.8" variant="light">
                    {STATUS_LABELS[p.status]}
                  </Badge>
                </Table.Td>
                <Table.Td>{p.lastVisit ? formatDay(p.lastVisit) : <Text c="dimmed" size="sm">No visits</Text>}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Button size="xs" variant="light" component={Link} to={`/patients/${p.id}`} aria-label={`View ${name}`}>
                      View
                    </Button>
                    <Button size="xs" variant="default" component={Link} to={`/patients/${p.id}/edit`} aria-label={`Edit ${name}`}>
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      color="red.9"
                      disabled={p.status === 'discharged'}
                      onClick={() => onDischarge(p)}
                      aria-label={`Discharge ${name}`}
                    >
                      Discharge
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
