import type { ErMetricsDto, MassCasualtyEventDto, PediatricPatientDto, ProtocolDto } from '@clinic/domain/contracts/emergency';
import { Accordion, Badge, Button, Card, Group, List, SimpleGrid, Text } from '@mantine/core';
import { StatCard } from '../../ui/StatCard';
import { StatusChip } from '../../ui/StatusChip';
import { TimeText } from '../../ui/TimeText';
import { eventStatusTone, orNoData, TRIAGE_TONES } from './display';

/** Protocols: the catalogue with numbered steps. */
export function ProtocolsTab({ protocols }: { protocols: ProtocolDto[] }) {
  if (!protocols.length) return <Text c="dimmed">No protocols yet.</Text>;
  return (
    <Accordion variant="separated">
      {protocols.map((p) => (
        <Accordion.Item key={p.id} value={p.id}>
          <Accordion.Control>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{p.name}</Text>
              <Group gap="xs">
                <Badge variant="light" c="dark.8">
                  {p.category}
                </Badge>
                <Text size="sm">{p.estimatedTime} min</Text>
                <Text size="sm">{p.requiredResources.length} resources</Text>
                <Text size="sm">{p.steps.length} steps</Text>
              </Group>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Text size="sm" mb="xs">
              {p.description}
            </Text>
            {p.requiredResources.length > 0 && (
              <Text size="sm" mb="xs">
                Resources: {p.requiredResources.join(', ')}
              </Text>
            )}
            <List type="ordered" spacing={4}>
              {p.steps.map((s) => (
                <List.Item key={s.id}>
                  <Group gap="xs">
                    <Text size="sm">
                      {s.stepNumber}. {s.description} ({s.duration} s)
                    </Text>
                    {s.critical && <StatusChip status="CRITICAL" size="xs" />}
                  </Group>
                </List.Item>
              ))}
            </List>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/** Pediatric Care: open entries of patients under 18. */
export function PediatricTab({ patients }: { patients: PediatricPatientDto[] }) {
  if (!patients.length) return <Text c="dimmed">No pediatric patients.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {patients.map((p) => (
        <Card key={p.id} withBorder role="group" aria-label={p.patientName}>
          <Group justify="space-between">
            <Text fw={600}>{p.patientName}</Text>
            <StatusChip status={p.priority} />
          </Group>
          <Text size="sm">Age: {p.age}</Text>
          <Text size="sm">Weight: {p.weight === null ? 'Not recorded' : `${p.weight} kg`}</Text>
          <Text size="sm">Pediatric score: {p.pediatricScore}/100</Text>
          <Text size="sm">{p.chiefComplaint}</Text>
          <Text size="sm" c="dimmed">
            {p.location}
          </Text>
          <Group gap="xs" mt="xs">
            <Badge variant="light" c="dark.8">
              Pediatric Care
            </Badge>
            {p.parentPresent ? (
              <Badge variant="light" color="teal" c="dark.8">
                Parent Present
              </Badge>
            ) : (
              <Text size="xs" c="dimmed">
                {p.parentPresent === false ? 'No parent present' : 'Parent presence not recorded'}
              </Text>
            )}
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** Metrics: today's figures. */
export function MetricsTab({ metrics }: { metrics: ErMetricsDto }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }}>
      <StatCard label="Total Patients Today" value={metrics.totalPatients} />
      <StatCard label="Critical Patients" value={metrics.criticalPatients} color="red.9" />
      <StatCard label="Average Wait" value={orNoData(metrics.averageWaitTime)} hint="minutes" />
      <StatCard label="Average Treatment Time" value={orNoData(metrics.averageTreatmentTime)} hint="minutes" />
      <StatCard label="Bed Occupancy" value={orNoData(metrics.bedOccupancy, '%')} />
      <StatCard label="Staff Utilization" value={orNoData(metrics.staffUtilization, '%')} />
      <StatCard label="Patient Satisfaction" value={metrics.patientSatisfaction === null ? 'No data' : `${metrics.patientSatisfaction}/5`} />
      <StatCard label="Mortality Rate" value={orNoData(metrics.mortalityRate, '%')} />
      <StatCard label="Readmission Rate" value={orNoData(metrics.readmissionRate, '%')} />
      <StatCard label="Throughput" value={metrics.throughput} hint="patients per hour" />
      <StatCard label="Door-to-Provider (median)" value={orNoData(metrics.doorToProviderMinutes)} hint="minutes" />
      <StatCard label="Left Without Being Seen" value={metrics.leftWithoutBeingSeen} />
    </SimpleGrid>
  );
}

/** One mass-casualty event with its colour counts. */
export function MassCasualtyCard({ event, onClose, busy }: { event: MassCasualtyEventDto; onClose: () => void; busy: boolean }) {
  return (
    <Card withBorder role="group" aria-label={`Mass casualty event ${event.eventType}`}>
      <Group justify="space-between">
        <Text fw={600}>{event.eventType}</Text>
        <Group gap="xs">
          <StatusChip status={event.severity} />
          <StatusChip status={event.status} tone={eventStatusTone(event.status)} />
        </Group>
      </Group>
      <Text size="sm">Patients: {event.patientCount}</Text>
      <Text size="sm">Expected arrivals: {event.expectedArrivals}</Text>
      <Text size="sm">
        Incident time: <TimeText value={event.timestamp} date="numeric" />
      </Text>
      <Group gap="xs" mt="xs">
        <Text size="sm">Triage status:</Text>
        {event.triageStatus ? <StatusChip status={event.triageStatus} tone={TRIAGE_TONES[event.triageStatus]} /> : <Text size="sm">None yet</Text>}
      </Group>
      <Group gap="xs" mt="xs" aria-label="Triage counts">
        {(['RED', 'YELLOW', 'GREEN', 'BLACK'] as const).map((c) => (
          <StatusChip key={c} status={c} tone={TRIAGE_TONES[c]}>
            {c} {event.triageCounts[c]}
          </StatusChip>
        ))}
      </Group>
      {event.resourcesNeeded.length > 0 && (
        <Text size="sm" mt="xs">
          Resources needed: {event.resourcesNeeded.join(', ')}
        </Text>
      )}
      {event.status === 'ACTIVE' && (
        <Button mt="sm" size="xs" variant="light" onClick={onClose} disabled={busy} aria-label={`Close event ${event.eventType}`}>
          Close Event
        </Button>
      )}
    </Card>
  );
}
