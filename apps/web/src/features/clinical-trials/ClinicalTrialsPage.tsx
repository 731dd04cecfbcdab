import type { TrialDto } from '@clinic/domain/contracts/clinical-trials';
import { Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { QueryState } from '../../ui/QueryState';
import { useTrials } from './api/get-trials';
import { AdverseEventModal } from './components/AdverseEventModal';
import { EnrollmentsTable } from './components/EnrollmentsTable';
import { ReportsTab } from './components/ReportsTab';
import { SafetyAlerts } from './components/SafetyAlerts';
import { SafetyTab } from './components/SafetyTab';
import { TrialDetailsModal } from './components/TrialDetailsModal';
import { TrialFormModal } from './components/TrialFormModal';
import { TrialOverview } from './components/TrialOverview';
import { TrialPicked } from './components/TrialPicked';
import { TrialTable } from './components/TrialTable';
import { openIntake } from './open-intake';

type Tab = 'overview' | 'active' | 'enrollments' | 'safety' | 'reports';

/**
 * /clinical-trials (canManageClinicalTrials): the Clinical Trial Dashboard (clinical-workflows
 * section 2) on the organization's trials, enrolments and adverse events. A serious adverse event
 * still open is an alert at the top.
 */
export function ClinicalTrialsPage() {
  const trials = useTrials();
  const [tab, setTab] = useState<Tab>('overview');
  const [details, setDetails] = useState<string | null>(null);
  const [editing, setEditing] = useState<TrialDto | null | 'new'>(null);
  const [reporting, setReporting] = useState(false);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Clinical Trial Dashboard</Title>
        <Group gap="xs">
          <Button onClick={() => openIntake()}>New Patient Intake</Button>
          <Button variant="default" onClick={() => setEditing('new')}>
            New Trial
          </Button>
          <Button variant="default" onClick={() => void trials.refetch()} loading={trials.isFetching}>
            Refresh
          </Button>
        </Group>
      </Group>
      <QueryState query={trials} loadingLabel="Loading trials" errorMessage={(e) => `Error: ${e.message}`}>
        {(list) => (
          <Stack gap="md">
            <SafetyAlerts onOpen={() => setTab('safety')} />
            <Tabs value={tab} onChange={(v) => setTab((v as Tab) ?? 'overview')} keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="overview">Overview</Tabs.Tab>
                <Tabs.Tab value="active">Active Trials</Tabs.Tab>
                <Tabs.Tab value="enrollments">Enrollments</Tabs.Tab>
                <Tabs.Tab value="safety">Safety</Tabs.Tab>
                <Tabs.Tab value="reports">Reports</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="overview" pt="md">
                <TrialOverview trials={list} onDetails={setDetails} onSafety={() => setTab('safety')} />
              </Tabs.Panel>
              <Tabs.Panel value="active" pt="md">
                <TrialTable trials={list} onDetails={setDetails} onEdit={setEditing} />
              </Tabs.Panel>
              <Tabs.Panel value="enrollments" pt="md">
                <TrialPicked trials={list}>{(trialId) => <EnrollmentsTable trialId={trialId} />}</TrialPicked>
              </Tabs.Panel>
              <Tabs.Panel value="safety" pt="md">
                <SafetyTab onReport={() => setReporting(true)} canReport={list.length > 0} />
              </Tabs.Panel>
              <Tabs.Panel value="reports" pt="md">
                <ReportsTab trials={list} />
              </Tabs.Panel>
            </Tabs>
            <AdverseEventModal trials={list} opened={reporting} onClose={() => setReporting(false)} />
          </Stack>
        )}
      </QueryState>
      <TrialDetailsModal trialId={details} onClose={() => setDetails(null)} />
      <TrialFormModal trial={editing === 'new' ? null : editing} opened={editing !== null} onClose={() => setEditing(null)} />
    </Stack>
  );
}
