import { createOrganizationBody } from '@clinic/domain/contracts/organization-bodies';
import { Button, Code, Group, List, NativeSelect, Paper, SimpleGrid, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAvailableOrganizations } from '../../api/organizations';
import { fetchSession, useSession } from '../../api/session';
import { Banner } from '../../ui/Banner';
import { createTestOrganization, switchBack } from './api/organization-checks';
import {
  SEGREGATION_LIST_SIZE,
  clinicsQueryOptions,
  createTestPatient,
  createTestTriageCase,
  patientsQueryOptions,
  queueQueryOptions,
  segregationKeys,
} from './api/segregation';
import { failureOf } from './checks';
import { OneFieldForm } from './components/OneFieldForm';
import { Refusal } from './components/Refusal';
import { TestPageLayout } from './components/TestPageLayout';
import { TestPanel } from './components/TestPanel';

/** The select's entry for an organization typed in by id (one the user may not belong to). */
const OTHER = '__other__';
/** The spec's message when a creation is asked for without a choice. */
export const SELECT_FIRST = 'Please select an organization and clinic first';

/**
 * /test-data-segregation (public): choose an organization and clinic (the user's own from the
 * API, or any organization id typed in) and read its patients and triage queue through the API.
 * The server decides: an organization the user does not belong to is refused (404 for its clinics,
 * 403 for its data), and the page shows that refusal in place of the lists.
 */
export function DataSegregationTestPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const organizations = useAvailableOrganizations();
  const [choice, setChoice] = useState('');
  const [otherId, setOtherId] = useState('');
  const [clinicId, setClinicId] = useState('');
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [results, setResults] = useState<unknown>(null);

  const organizationId = choice === OTHER ? otherId.trim() : choice;
  const chosenOrganization = organizations.data?.find((o) => o.id === organizationId);
  const clinics = useQuery(clinicsQueryOptions(organizationId));
  // The chosen clinic, else the organization's first (as the app picks one).
  const clinic = clinics.data?.find((c) => c.id === clinicId) ?? clinics.data?.[0];
  const tenant = { organizationId, clinicId: clinic?.id };
  const patients = useQuery(patientsQueryOptions(tenant));
  const queue = useQuery(queueQueryOptions(tenant));

  const record = (action: string, outcome: unknown) => setResults({ action, at: new Date().toISOString(), ...(outcome as object) });

  /** Reads everything again and records what the server answered: counts, or its refusals. */
  const refresh = async () => {
    await queryClient.refetchQueries({ queryKey: ['test-segregation'], type: 'active' });
    const outcome = (key: readonly unknown[], summarize: (data: never) => unknown) => {
      const state = queryClient.getQueryState(key);
      if (!state) return null;
      return state.error ? { refused: failureOf(state.error) } : state.data === undefined ? null : summarize(state.data as never);
    };
    record('Refresh Data', {
      organizationId,
      clinicId: clinic?.id ?? null,
      clinics: outcome(segregationKeys.clinics(organizationId), (d: Array<{ id: string }>) => ({ count: d.length })),
      patients: outcome(segregationKeys.patients(tenant), (d: { total: number }) => ({ total: d.total })),
      triageQueue: outcome(segregationKeys.queue(tenant), (d: { patients: unknown[] }) => ({ count: d.patients.length })),
    });
  };

  const create = async (what: 'patient' | 'case') => {
    setNotice(null);
    if (!organizationId || !clinic) {
      setNotice({ tone: 'error', text: SELECT_FIRST });
      return;
    }
    setBusy(true);
    const scope = { organizationId, clinicId: clinic.id };
    try {
      if (what === 'patient') {
        const answer = await createTestPatient(scope);
        record('Create Test Patient', { response: answer });
        setNotice({ tone: 'success', text: `Test patient created: ${answer.patient.id} (organization ${organizationId}, clinic ${clinic.id})` });
      } else {
        const answer = await createTestTriageCase(scope);
        record('Create Test Triage Case', { response: answer });
        setNotice({
          tone: 'success',
          text: `Test triage case created: ${answer.case.id}, queue number ${answer.queueNumber} (organization ${organizationId}, clinic ${clinic.id})`,
        });
      }
      await queryClient.invalidateQueries({ queryKey: ['test-segregation'] });
    } catch (error) {
      const failure = failureOf(error);
      record(what === 'patient' ? 'Create Test Patient' : 'Create Test Triage Case', { error: failure });
      const thrown = failure.status === 0;
      const label = what === 'patient' ? 'test patient' : 'test triage case';
      setNotice({ tone: 'error', text: `${thrown ? 'Error creating' : 'Failed to create'} ${label}: ${failure.message}` });
    } finally {
      setBusy(false);
    }
  };

  /** Creates the organization named; true once created. */
  const createOrganization = async (name: string) => {
    setBusy(true);
    setNotice(null);
    try {
      const before = await fetchSession().catch(() => null);
      const answer = await createTestOrganization(name, 'Created by the data segregation test');
      // Creating makes it the user's current organization: return them where they were.
      if (before?.organization) await switchBack(before.organization.id, before.clinic?.id);
      record('Create New Org', { response: answer });
      await organizations.refetch();
      setChoice(answer.organization.id);
      setCreating(false);
      setNotice({ tone: 'success', text: `Organization created: ${answer.organization.name} (${answer.organization.id})` });
      return true;
    } catch (error) {
      const failure = failureOf(error);
      record('Create New Org', { error: failure });
      setNotice({ tone: 'error', text: `Failed to create organization: ${failure.message}` });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const orgOptions = [
    { value: '', label: 'Select an organization' },
    ...(organizations.data ?? []).map((o) => ({ value: o.id, label: `${o.name} (${o.type})` })),
    { value: OTHER, label: 'Another organization (enter its ID)' },
  ];

  return (
    <TestPageLayout
      title="Data Segregation Test"
      intro="Reads patients and the triage queue of the chosen organization and clinic through the API. An organization you do not belong to is refused by the server: its refusal is shown, never its data."
    >
      <TestPanel title="Organization and Clinic">
        <Switch label="Create New Org" checked={creating} onChange={(e) => setCreating(e.currentTarget.checked)} />
        {creating && (
          <OneFieldForm
            label="New organization name"
            submitLabel="Create"
            field={createOrganizationBody.shape.name}
            onSubmit={createOrganization}
            busy={busy}
            onDone="clear"
          />
        )}
        {organizations.isError && <Refusal error={organizations.error} what="list of your organizations" />}
        <NativeSelect
          label="Organization"
          data={orgOptions}
          value={choice}
          onChange={(e) => {
            setChoice(e.currentTarget.value);
            setClinicId('');
          }}
        />
        {chosenOrganization && (
          <Text size="sm" c="gray.7">
            {chosenOrganization.description || 'No description'}
          </Text>
        )}
        {choice === OTHER && <TextInput label="Organization ID" value={otherId} onChange={(e) => setOtherId(e.currentTarget.value)} />}
        {clinics.isError ? (
          <Refusal error={clinics.error} what="clinics of this organization" />
        ) : (
          <NativeSelect
            label="Clinic / Department"
            data={[{ value: '', label: 'Select a clinic' }, ...(clinics.data ?? []).map((c) => ({ value: c.id, label: c.name }))]}
            value={clinic?.id ?? ''}
            onChange={(e) => setClinicId(e.currentTarget.value)}
            disabled={!clinics.data}
          />
        )}
        {clinic && (
          <Text size="sm" c="gray.7">
            Address: {clinic.address || 'Not provided'} · Phone: {clinic.phone || 'Not provided'}
          </Text>
        )}
        <Paper bg="gray.0" p="sm">
          <Text fw={600}>Current Selection</Text>
          <Text size="sm">
            Organization: {chosenOrganization ? `${chosenOrganization.name} (${chosenOrganization.type})` : organizationId || 'None'}
          </Text>
          <Text size="sm">Clinic: {clinic ? clinic.name : 'None'}</Text>
        </Paper>
      </TestPanel>

      <Group>
        <Button onClick={() => void create('patient')} disabled={busy}>
          Create Test Patient
        </Button>
        <Button onClick={() => void create('case')} disabled={busy}>
          Create Test Triage Case
        </Button>
        <Button variant="default" onClick={() => void refresh()}>
          Refresh Data
        </Button>
      </Group>
      {notice && (
        <Banner tone={notice.tone} onDismiss={() => setNotice(null)}>
          {notice.text}
        </Banner>
      )}

      <Paper withBorder p="md">
        <Title order={2} fz="h4" mb="xs">
          Current Context
        </Title>
        <Text size="sm">Organization ID: {organizationId || 'None'}</Text>
        <Text size="sm">Clinic ID: {clinic?.id ?? 'None'}</Text>
        <Text size="sm">User: {session.data ? session.data.user.email : 'Not signed in'}</Text>
      </Paper>

      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Paper withBorder p="md">
          <Title order={2} fz="h4" mb="xs">
            Patients
          </Title>
          {!organizationId ? (
            <Text c="gray.7">Select an organization to read its patients.</Text>
          ) : patients.isPending ? (
            <Text>Loading patients...</Text>
          ) : patients.isError ? (
            <Refusal error={patients.error} what="patients" />
          ) : patients.data.patients.length === 0 ? (
            <Text>No patients found for current context</Text>
          ) : (
            <>
              <Text size="sm" c="gray.7" mb={4}>
                {patients.data.total} patients
              </Text>
              <List aria-label="Patients">
                {patients.data.patients.slice(0, SEGREGATION_LIST_SIZE).map((p) => (
                  <List.Item key={p.id}>
                    {p.firstName} {p.lastName}
                  </List.Item>
                ))}
              </List>
              {patients.data.total > SEGREGATION_LIST_SIZE && <Text mt={4}>... and {patients.data.total - SEGREGATION_LIST_SIZE} more</Text>}
            </>
          )}
        </Paper>
        <Paper withBorder p="md">
          <Title order={2} fz="h4" mb="xs">
            Triage Queue
          </Title>
          {!organizationId ? (
            <Text c="gray.7">Select an organization to read its triage queue.</Text>
          ) : queue.isPending ? (
            <Text>Loading triage queue...</Text>
          ) : queue.isError ? (
            <Refusal error={queue.error} what="triage queue" />
          ) : queue.data.patients.length === 0 ? (
            <Text>No triage cases found for current context</Text>
          ) : (
            <List aria-label="Triage queue">
              {queue.data.patients.slice(0, SEGREGATION_LIST_SIZE).map((e) => (
                <List.Item key={e.id}>
                  #{e.queueNumber} {e.patientName} · {e.urgencyLevel} · {e.status}
                </List.Item>
              ))}
            </List>
          )}
        </Paper>
      </SimpleGrid>

      <Paper withBorder p="md">
        <Title order={2} fz="h4" mb="xs">
          Results
        </Title>
        <Code block tabIndex={0} aria-label="Results JSON" style={{ maxHeight: 320, overflow: 'auto' }}>
          {results ? JSON.stringify(results, null, 2) : 'No results yet'}
        </Code>
      </Paper>
    </TestPageLayout>
  );
}
