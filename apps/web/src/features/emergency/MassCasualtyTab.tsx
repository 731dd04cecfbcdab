import type { MassCasualtyEventDto } from '@clinic/domain/contracts/emergency';
import { Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { TenantRef } from '../../api/tenant';
import { ErrorState } from '../../ui/StateScreens';
import { useDeclareMassCasualty, type DeclareMassCasualtyInput } from './api/declare-mass-casualty';
import { useUpdateMassCasualty } from './api/update-mass-casualty';
import { MassCasualtyCard } from './EmergencyTabs';

const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const;

/** Declaring an event: type, severity, expected arrivals and resources needed. */
function DeclareForm({ tenant }: { tenant: TenantRef }) {
  const declare = useDeclareMassCasualty(tenant);
  const [eventType, setEventType] = useState('');
  const [severity, setSeverity] = useState<DeclareMassCasualtyInput['severity']>('HIGH');
  const [arrivals, setArrivals] = useState<number | string>(0);
  const [resources, setResources] = useState('');
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    declare.mutate(
      {
        eventType: eventType.trim(),
        severity,
        expectedArrivals: Number(arrivals) || 0,
        resourcesNeeded: resources
          .split(',')
          .map((r) => r.trim())
          .filter(Boolean),
      },
      {
        onSuccess: () => {
          setEventType('');
          setArrivals(0);
          setResources('');
        },
      },
    );
  };
  return (
    <Card withBorder component="form" onSubmit={submit} aria-label="Declare a mass casualty event">
      <Title order={2} size="h4" mb="xs">
        Declare Event
      </Title>
      <SimpleGrid cols={{ base: 1, md: 4 }}>
        <TextInput
          label="Event type"
          placeholder="TRANSPORT_ACCIDENT"
          value={eventType}
          onChange={(e) => setEventType(e.currentTarget.value)}
          required
          maxLength={100}
        />
        <Select
          label="Severity"
          data={[...SEVERITIES]}
          value={severity}
          onChange={(v) => v && setSeverity(v as DeclareMassCasualtyInput['severity'])}
          allowDeselect={false}
        />
        <NumberInput label="Expected arrivals" min={0} max={10000} value={arrivals} onChange={setArrivals} />
        <TextInput
          label="Resources needed"
          description="Separated by commas"
          value={resources}
          onChange={(e) => setResources(e.currentTarget.value)}
        />
      </SimpleGrid>
      {declare.isError && <ErrorState message={declare.error.message} />}
      <Group justify="flex-end" mt="sm">
        <Button type="submit" loading={declare.isPending} disabled={!eventType.trim()}>
          Declare Event
        </Button>
      </Group>
    </Card>
  );
}

/** Mass Casualty: declare, and each event with its triage counts (Close for an active one). */
export function MassCasualtyTab({ events, tenant }: { events: MassCasualtyEventDto[]; tenant: TenantRef }) {
  const update = useUpdateMassCasualty(tenant);
  return (
    <Stack>
      <DeclareForm tenant={tenant} />
      {update.isError && <ErrorState message={update.error.message} />}
      {events.length === 0 ? (
        <Text c="dimmed">No mass casualty events.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {events.map((e) => (
            <MassCasualtyCard key={e.id} event={e} busy={update.isPending} onClose={() => update.mutate({ id: e.id, status: 'CLOSED' })} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
