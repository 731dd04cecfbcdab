import type { PatientDto, VisitSummaryDto } from '@clinic/domain/contracts/patients';
import { ageLabel } from '@clinic/domain/rules/patient-age';
import { Alert, Anchor, Badge, Button, Card, Group, List, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useSession } from '../../api/session';
import { usePatientRecordTabs } from '../../ui/patient-record-tabs';
import { QueryState } from '../../ui/QueryState';
import { ErrorState } from '../../ui/StateScreens';
import { StatusChip } from '../../ui/StatusChip';
import { usePatient } from './api/get-patient';
import { VISITS_SHOWN, usePatientVisits } from './api/get-patient-visits';
import { AddVisitDialog } from './components/AddVisitDialog';
import { PlacementCard } from './components/PlacementCard';
import { PossibleMatches } from './components/PossibleMatches';
import { VisitHistory } from './components/VisitHistory';
import { GENDER_LABELS, STATUS_LABELS, formatDate, fullName } from './lib/format';
import { PageAction } from '../../ui/page-action';

/** The record's own tabs; the app may add others (the Privacy tab) through `ui/patient-record-tabs`. */
type Tab = 'overview' | 'medical' | 'visits' | 'emergency' | (string & {});

/** /patients/{id}: the record in four tabs, with Edit Patient and Add Visit; the overview holds the placement form. */
export function PatientDetailPage() {
  const { id = '' } = useParams();
  const patient = usePatient(id);

  if (patient.error instanceof ApiError && (patient.error.status === 404 || patient.error.status === 400)) {
    return (
      <Stack align="center" py="xl" gap="sm">
        <Title order={1}>Patient not found</Title>
        <Button component={Link} to="/patients">
          Back to Patient List
        </Button>
      </Stack>
    );
  }
  return (
    <QueryState query={patient} loadingLabel="Loading patient">
      {(record) => <PatientRecord patient={record} />}
    </QueryState>
  );
}

/** One labelled value; an empty value reads "Not recorded". */
function Field({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} c={empty ? 'dimmed' : undefined}>
        {empty ? 'Not recorded' : children}
      </Text>
    </div>
  );
}

/** A phone number as a link that dials it. */
function Phone({ value }: { value: string | null }) {
  return value ? <Anchor href={`tel:${value.replace(/[^0-9+]/g, '')}`}>{value}</Anchor> : null;
}

/** The address on one line, leaving out the parts not recorded. */
function addressLine(a: PatientDto['address']): string {
  const cityLine = [a.city, [a.state, a.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [a.street, cityLine].filter(Boolean).length ? [a.street, cityLine, a.country].filter(Boolean).join(', ') : '';
}

function Fields({ children, cols = 2 }: { children: ReactNode; cols?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: cols }} component="dl" spacing="sm" m={0}>
      {children}
    </SimpleGrid>
  );
}

function Entries({ values }: { values: string[] }) {
  if (values.length === 0) return <Text c="dimmed">None recorded</Text>;
  return (
    <Group gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {values.map((v) => (
        <li key={v}>
          <Badge variant="light" c="blue.9" size="lg" tt="none">
            {v}
          </Badge>
        </li>
      ))}
    </Group>
  );
}

function QuickStat({ label, value }: { label: string; value: number | string }) {
  return (
    <Card withBorder padding="sm" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={26} fw={700}>
        {value}
      </Text>
    </Card>
  );
}

function PatientRecord({ patient }: { patient: PatientDto }) {
  const session = useSession();
  const visits = usePatientVisits(patient.id);
  const [tab, setTab] = useState<Tab>('overview');
  const [addingVisit, setAddingVisit] = useState(false);
  const extraTabs = usePatientRecordTabs();
  const user = session.data?.user;
  const defaultDoctor =
    user && session.data?.organizationUser?.role === 'Doctor' ? `Dr. ${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() : '';
  const summary: VisitSummaryDto | undefined = visits.data?.summary;

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <Anchor component={Link} to="/patients" size="sm">
        Back to Patients
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1}>{fullName(patient)}</Title>
            <StatusChip status={patient.status} variant="light" size="lg">
              {STATUS_LABELS[patient.status]}
            </StatusChip>
          </Group>
          <Text size="sm" c="dimmed">
            Patient ID: {patient.id}
          </Text>
        </Stack>
        <Group gap="sm">
          <Button variant="default" component={Link} to={`/patients/${patient.id}/edit`}>
            Edit Patient
          </Button>
          <Button onClick={() => setAddingVisit(true)}>Add Visit</Button>
          <PageAction patientId={patient.id} patientName={fullName(patient)} variant="default" ariaLabel={`Page about ${fullName(patient)}`} />
        </Group>
      </Group>

      <PossibleMatches patientId={patient.id} />

      <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)} keepMounted={false}>
        <Tabs.List aria-label="Patient record">
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab value="medical">Medical Info</Tabs.Tab>
          <Tabs.Tab value="visits">Visit History</Tabs.Tab>
          <Tabs.Tab value="emergency">Emergency Contact</Tabs.Tab>
          {extraTabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>

        <Tabs.Panel value="overview" pt="md">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <Paper withBorder p="md">
                <Title order={2} size="h4" mb="sm">
                  Personal Information
                </Title>
                <Fields>
                  <Field label="Date of Birth">{formatDate(patient.dateOfBirth)}</Field>
                  <Field label="Age">{ageLabel(patient.dateOfBirth)}</Field>
                  <Field label="Gender">{patient.gender ? GENDER_LABELS[patient.gender] : null}</Field>
                  <Field label="Patient Since">{formatDate(patient.createdAt)}</Field>
                </Fields>
              </Paper>
              <Paper withBorder p="md">
                <Title order={2} size="h4" mb="sm">
                  Contact Information
                </Title>
                <Fields cols={1}>
                  <Field label="Phone">{patient.phone && <Phone value={patient.phone} />}</Field>
                  <Field label="Email">{patient.email && <Anchor href={`mailto:${patient.email}`}>{patient.email}</Anchor>}</Field>
                  <Field label="Address">{addressLine(patient.address)}</Field>
                </Fields>
              </Paper>
            </SimpleGrid>
            <div>
              <Title order={2} size="h4" mb="sm">
                Quick Stats
              </Title>
              {visits.isError ? (
                <ErrorState message={visits.error.message} onRetry={() => visits.refetch()} />
              ) : (
                <SimpleGrid cols={{ base: 2, sm: 4 }}>
                  <QuickStat label="Total Visits" value={summary?.total ?? '…'} />
                  <QuickStat label="Completed" value={summary?.completed ?? '…'} />
                  <QuickStat label="Emergency" value={summary?.emergency ?? '…'} />
                  <QuickStat label="Conditions" value={patient.medicalHistory.length} />
                </SimpleGrid>
              )}
            </div>
            <PlacementCard patientId={patient.id} />
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="medical" pt="md">
          <Paper withBorder p="md">
            <Stack gap="md">
              <Fields cols={3}>
                <Field label="Blood Type">{patient.bloodType ?? 'Unknown'}</Field>
                <Field label="Insurance Provider">{patient.insuranceProvider ?? 'None recorded'}</Field>
                <Field label="Insurance Number">{patient.insuranceNumber ?? 'None recorded'}</Field>
              </Fields>
              <div>
                <Title order={2} size="h5" mb={6}>
                  Conditions
                </Title>
                <Entries values={patient.medicalHistory} />
              </div>
              <div>
                <Title order={2} size="h5" mb={6}>
                  Allergies
                </Title>
                <Entries values={patient.allergies} />
              </div>
              <div>
                <Title order={2} size="h5" mb={6}>
                  Medications
                </Title>
                <Entries values={patient.currentMedications} />
              </div>
            </Stack>
          </Paper>
        </Tabs.Panel>

        <Tabs.Panel value="visits" pt="md">
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={2} size="h4">
                Visit History
              </Title>
              <Button variant="light" onClick={() => setAddingVisit(true)}>
                Add New Visit
              </Button>
            </Group>
            <QueryState query={visits} loadingLabel="Loading visits">
              {({ visits: list, total }) => (
                <>
                  <VisitHistory visits={list} />
                  {total > VISITS_SHOWN && (
                    <Text size="sm" c="dimmed">
                      Showing the latest {VISITS_SHOWN} of {total} visits.
                    </Text>
                  )}
                </>
              )}
            </QueryState>
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="emergency" pt="md">
          <Stack gap="md">
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="sm">
                Emergency Contact
              </Title>
              <Fields cols={3}>
                <Field label="Name">{patient.emergencyContactName}</Field>
                <Field label="Relationship">{patient.emergencyContactRelationship}</Field>
                <Field label="Phone">{patient.emergencyContactPhone && <Phone value={patient.emergencyContactPhone} />}</Field>
              </Fields>
            </Paper>
            <Alert color="red" variant="light" title="Emergency Procedures">
              <List spacing={4} size="sm">
                <List.Item>Call 999 immediately for any life-threatening emergency.</List.Item>
                <List.Item>
                  {patient.emergencyContactName
                    ? `Notify the emergency contact: ${patient.emergencyContactName}${patient.emergencyContactRelationship ? ` (${patient.emergencyContactRelationship})` : ''}${patient.emergencyContactPhone ? ` at ${patient.emergencyContactPhone}` : ''}.`
                    : 'Notify the emergency contact (none recorded yet: add one with Edit Patient).'}
                </List.Item>
                <List.Item>Give the patient ID: {patient.id}.</List.Item>
                <List.Item>
                  Mention allergies: {patient.allergies.length ? patient.allergies.join(', ') : 'none recorded'}; and medications:{' '}
                  {patient.currentMedications.length ? patient.currentMedications.join(', ') : 'none recorded'}.
                </List.Item>
              </List>
            </Alert>
          </Stack>
        </Tabs.Panel>

        {extraTabs.map((t) => (
          <Tabs.Panel key={t.value} value={t.value} pt="md">
            {t.render(patient.id)}
          </Tabs.Panel>
        ))}
      </Tabs>

      <AddVisitDialog
        patientId={patient.id}
        opened={addingVisit}
        defaultDoctor={defaultDoctor}
        onClose={() => setAddingVisit(false)}
        onSaved={() => {
          setAddingVisit(false);
          setTab('visits');
        }}
      />
    </Stack>
  );
}
