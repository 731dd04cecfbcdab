import { QUEUE_ACCESS } from '@clinic/domain/rules/route-access';
import { isAllowed } from '@clinic/domain/rules/access';
import { idSchema } from '@clinic/domain/contracts/common';
import { Anchor, Button, Group, List, Paper, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { publicTenantFromParams, usePublicClinic } from '../../api/public-clinic';
import { useSession } from '../../api/session';
import { readPublicQueue, readWaitingRoom, submitTestCheckIn, type FlowTenant } from './api/patient-flow';
import { runCheck, skipped } from './checks';
import { CheckResults } from './components/CheckResults';
import { OneFieldForm } from './components/OneFieldForm';
import { TestPageLayout } from './components/TestPageLayout';
import { TestPanel } from './components/TestPanel';
import { judgeBoard, judgePublicQueue, judgeSubmission, judgeWaitingRoom } from './flow-judges';
import { useCheckRun } from './use-check-run';

/** The kiosk and queue addresses of a tenant, as the manual steps list them. */
function flowLinks(tenant: FlowTenant) {
  const kiosk = `/kiosk?${new URLSearchParams({ organization: tenant.organizationId, clinic: tenant.clinicId })}`;
  const queue = `/cds-queue?${new URLSearchParams({ organizationId: tenant.organizationId, clinicId: tenant.clinicId })}`;
  return { kiosk, queue };
}

/**
 * /test-patient-flow (public): runs the patient flow against the real API for the organization of
 * `?organizationId=` (default 'default-clinic'): a kiosk submission, the public queue, then the
 * submitted Test Patient present (by name in the waiting room for its staff, by queue number and
 * initials on the de-identified board for anyone else).
 */
export function PatientFlowTestPage() {
  const [params, setParams] = useSearchParams();
  const named = publicTenantFromParams(params);
  const connected = usePublicClinic(named);
  const session = useSession();
  // The clinic the server resolved (the organization's own id names its first clinic).
  const tenant: FlowTenant = connected.data
    ? { organizationId: connected.data.organization.id, clinicId: connected.data.clinic.id }
    : { organizationId: named.organizationId, clinicId: named.clinicId };
  const staff =
    Boolean(session.data) &&
    session.data?.organization?.id === tenant.organizationId &&
    isAllowed(session.data?.organizationUser, QUEUE_ACCESS.manage);
  const { results, running, start } = useCheckRun();
  const links = flowLinks(tenant);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  const run = () =>
    start(async (add) => {
      const submission = await runCheck('Kiosk Submission', () => submitTestCheckIn(tenant), judgeSubmission);
      add(submission);
      const board = await runCheck('Public Queue', () => readPublicQueue(tenant), judgePublicQueue);
      add(board);
      const third = staff ? 'Test Patient in Waiting Room (by name)' : 'Test Patient on Public Board (queue number and initials)';
      const submitted = submission.status === 'PASS' ? submission.answer : null;
      if (!submitted) add(skipped(third, 'the kiosk submission failed'));
      else if (staff)
        add(
          await runCheck(
            third,
            () => readWaitingRoom(tenant),
            (a) => judgeWaitingRoom(a, submitted),
          ),
        );
      else
        add(
          await runCheck(
            third,
            () => readPublicQueue(tenant),
            (a) => judgeBoard(a, submitted),
          ),
        );
    });

  return (
    <TestPageLayout
      title="Patient Flow Test"
      intro="Checks the kiosk-to-queue flow against the live API: a kiosk submission, the public queue, and the submitted Test Patient in the queue."
    >
      <TestPanel title="Organization" gap="xs">
        <Text>
          Organization: <strong>{connected.data?.organization.name ?? tenant.organizationId}</strong> ({tenant.organizationId}) · Clinic:{' '}
          <strong>{connected.data?.clinic.name ?? tenant.clinicId}</strong> ({tenant.clinicId})
        </Text>
        {connected.isError && (
          <Text c="red.9" role="alert">
            The server does not know this organization or clinic: {connected.error.message}
          </Text>
        )}
        <Text size="sm">
          {staff
            ? `Signed in as staff of this organization: the third check looks for "Test Patient" by name in the waiting room.`
            : 'Not signed in as staff of this organization: the third check looks for the queue number and initials on the de-identified board.'}
        </Text>
        <OneFieldForm
          label="Organization ID"
          submitLabel="Use Organization"
          variant="default"
          field={idSchema}
          initialValue={named.organizationId}
          onSubmit={(organizationId) => setParams({ organizationId })}
        />
      </TestPanel>

      <Group>
        <Button onClick={() => void run()} loading={running} disabled={connected.isPending}>
          Run Patient Flow Tests
        </Button>
      </Group>

      <CheckResults results={results} label="Patient flow test results" />

      <Paper withBorder p="md">
        <Title order={2} fz="h4" mb="xs">
          Manual Test Steps
        </Title>
        <List type="ordered" spacing="xs">
          <List.Item>
            Open the kiosk:{' '}
            <Anchor component={Link} to={links.kiosk}>
              {origin}
              {links.kiosk}
            </Anchor>
          </List.Item>
          <List.Item>Fill in and submit the check-in form.</List.Item>
          <List.Item>
            Open the CDS queue:{' '}
            <Anchor component={Link} to={links.queue}>
              {origin}
              {links.queue}
            </Anchor>
          </List.Item>
          <List.Item>Verify the patient appears in the queue.</List.Item>
        </List>
      </Paper>
    </TestPageLayout>
  );
}
