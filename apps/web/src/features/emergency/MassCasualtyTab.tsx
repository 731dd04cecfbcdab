import { massCasualtyBody, type MassCasualtyEventDto } from '@clinic/domain/contracts/emergency';
import { Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { TenantRef } from '../../api/tenant';
import { ErrorState } from '../../ui/StateScreens';
import { useZodForm } from '../../ui/use-zod-form';
import { useDeclareMassCasualty, type DeclareMassCasualtyInput } from './api/declare-mass-casualty';
import { useUpdateMassCasualty } from './api/update-mass-casualty';
import { MassCasualtyCard } from './EmergencyTabs';

const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const;

/** The declaration as typed: arrivals as the number box holds them, resources as comma text. */
interface DeclareValues {
  eventType: string;
  severity: DeclareMassCasualtyInput['severity'];
  expectedArrivals: number | string;
  resources: string;
}

const EMPTY_DECLARATION: DeclareValues = { eventType: '', severity: 'HIGH', expectedArrivals: 0, resources: '' };

/** The contract's body of a declaration. */
const declarationOf = (v: DeclareValues) => ({
  eventType: v.eventType.trim(),
  severity: v.severity,
  expectedArrivals: Number(v.expectedArrivals) || 0,
  resourcesNeeded: v.resources
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean),
});

/** `resourcesNeeded.2` -> `resources`. */
const fieldOf = (path: string) => (path.startsWith('resourcesNeeded') ? 'resources' : path.split('.')[0] || null);

/** Declaring an event: type, severity, expected arrivals and resources needed. */
function DeclareForm({ tenant }: { tenant: TenantRef }) {
  const declare = useDeclareMassCasualty(tenant);
  const form = useZodForm({ schema: massCasualtyBody, toInput: declarationOf, fieldOf, initialValues: EMPTY_DECLARATION });
  // The severity stays as chosen for the next declaration.
  const submit = form.onSubmit((body) =>
    declare.mutate(body, { onSuccess: () => form.setValues({ eventType: '', expectedArrivals: 0, resources: '' }) }),
  );
  return (
    <Card withBorder component="form" onSubmit={submit} aria-label="Declare a mass casualty event">
      <Title order={2} size="h4" mb="xs">
        Declare Event
      </Title>
      <SimpleGrid cols={{ base: 1, md: 4 }}>
        <TextInput label="Event type" placeholder="TRANSPORT_ACCIDENT" {...form.getInputProps('eventType')} required maxLength={100} />
        <Select
          label="Severity"
          data={[...SEVERITIES]}
          value={form.getValues().severity}
          onChange={(v) => v && form.setFieldValue('severity', v as DeclareValues['severity'])}
          allowDeselect={false}
        />
        <NumberInput label="Expected arrivals" min={0} max={10000} {...form.getInputProps('expectedArrivals')} />
        <TextInput label="Resources needed" description="Separated by commas" {...form.getInputProps('resources')} />
      </SimpleGrid>
      {declare.isError && <ErrorState message={declare.error.message} />}
      <Group justify="flex-end" mt="sm">
        <Button type="submit" loading={declare.isPending} disabled={!form.getValues().eventType.trim()}>
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
