import type { AdverseEventDto, TrialDto } from '@clinic/domain/contracts/clinical-trials';
import { OVERVIEW_TRIAL_LIMIT, SAFETY_EVENT_LIMIT, TRIAL_REPORT_IDS, TRIAL_REPORTS } from '@clinic/domain/rules/clinical-trials';
import { Anchor, Button, Card, Group, NativeSelect, Progress, SimpleGrid, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Banner } from '../../ui/Banner';
import { EmptyState } from '../../ui/EmptyState';
import { QueryState } from '../../ui/QueryState';
import { useRecentAdverseEvents } from './api/get-adverse-events';
import { useTrials } from './api/get-trials';
import { reportUrl } from './api/report-url';
import { useResolveAdverseEvent } from './api/trial-mutations';
import { AdverseEventModal } from './components/AdverseEventModal';
import { EnrollmentsTable } from './components/EnrollmentsTable';
import { TrialDetailsModal } from './components/TrialDetailsModal';
import { TrialFormModal } from './components/TrialFormModal';

type Tab = 'overview' | 'active' | 'enrollments' | 'safety' | 'reports';
const openIntake = (trialId?: string) =>
  window.open(trialId ? `/pediatric-intake?trialId=${encodeURIComponent(trialId)}` : '/pediatric-intake', '_blank', 'noopener');

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
                <Overview trials={list} onDetails={setDetails} onSafety={() => setTab('safety')} />
              </Tabs.Panel>
              <Tabs.Panel value="active" pt="md">
                <TrialTable trials={list} onDetails={setDetails} onEdit={setEditing} />
              </Tabs.Panel>
              <Tabs.Panel value="enrollments" pt="md">
                <Enrollments trials={list} />
              </Tabs.Panel>
              <Tabs.Panel value="safety" pt="md">
                <Safety onReport={() => setReporting(true)} canReport={list.length > 0} />
              </Tabs.Panel>
              <Tabs.Panel value="reports" pt="md">
                <Reports trials={list} />
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

/** Open serious adverse events: the staff alert, with their report deadlines. */
function SafetyAlerts({ onOpen }: { onOpen: () => void }) {
  const events = useRecentAdverseEvents(200);
  const open = (events.data ?? []).filter((e) => e.serious && !e.resolved);
  if (!open.length) return null;
  return (
    <Banner tone="error" title={`${open.length} serious adverse event${open.length === 1 ? '' : 's'} open`}>
      <Stack gap={4}>
        {open.slice(0, 3).map((e) => (
          <Text key={e.id} fz="sm">
            {e.trialTitle}: {e.eventType} ({e.severity}) on {e.date}; safety report due {e.reportingDueDate}
          </Text>
        ))}
        <Group>
          <Button size="xs" variant="white" color="red.9" onClick={onOpen}>
            Review safety events
          </Button>
        </Group>
      </Stack>
    </Banner>
  );
}

function Overview({ trials, onDetails, onSafety }: { trials: TrialDto[]; onDetails: (id: string) => void; onSafety: () => void }) {
  if (!trials.length) return <EmptyState title="No clinical trials yet" />;
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      {trials.slice(0, OVERVIEW_TRIAL_LIMIT).map((t) => (
        <Card key={t.id} withBorder padding="md" radius="md">
          <Stack gap="xs">
            <Title order={2} fz="h4">
              {t.title}
            </Title>
            <Text fz="sm">
              {t.phase} · {t.status} · {t.sponsor}
            </Text>
            <Text fz="sm">PI: {t.principalInvestigator}</Text>
            <Text fz="sm">
              Ages {t.ageRange.min} to {t.ageRange.max} {t.ageRange.unit}
            </Text>
            <Text fz="sm" id={`enrol-${t.id}`}>
              Enrollment: {t.currentEnrollment} / {t.targetEnrollment} ({t.enrollmentPercent}%)
            </Text>
            <Progress value={Math.min(100, t.enrollmentPercent)} aria-label={`Enrollment of ${t.title}: ${t.enrollmentPercent}%`} />
            <Group gap="xs">
              {t.status === 'Recruiting' && (
                <Button size="xs" onClick={() => openIntake(t.id)} aria-label={`Enroll Patient in ${t.title}`}>
                  Enroll Patient
                </Button>
              )}
              <Button size="xs" variant="default" onClick={() => onDetails(t.id)} aria-label={`View Details of ${t.title}`}>
                View Details
              </Button>
              <Button size="xs" variant="default" onClick={onSafety} aria-label={`Safety Reports of ${t.title}`}>
                Safety Reports
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function TrialTable({ trials, onDetails, onEdit }: { trials: TrialDto[]; onDetails: (id: string) => void; onEdit: (t: TrialDto) => void }) {
  if (!trials.length) return <EmptyState title="No clinical trials yet" />;
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped aria-label="Trials">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Title</Table.Th>
            <Table.Th>Phase</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Principal Investigator</Table.Th>
            <Table.Th>Enrollment</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {trials.map((t) => (
            <Table.Tr key={t.id}>
              <Table.Td>{t.title}</Table.Td>
              <Table.Td>{t.phase}</Table.Td>
              <Table.Td>{t.status}</Table.Td>
              <Table.Td>{t.principalInvestigator}</Table.Td>
              <Table.Td>
                {t.currentEnrollment} / {t.targetEnrollment} ({t.enrollmentPercent}%)
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {t.status === 'Recruiting' && (
                    <Button size="xs" onClick={() => openIntake(t.id)} aria-label={`Enroll Patient in ${t.title}`}>
                      Enroll Patient
                    </Button>
                  )}
                  <Button size="xs" variant="default" onClick={() => onDetails(t.id)} aria-label={`View Details of ${t.title}`}>
                    View Details
                  </Button>
                  <Button size="xs" variant="default" onClick={() => onEdit(t)} aria-label={`Edit ${t.title}`}>
                    Edit
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function TrialPicker({ trials, value, onChange }: { trials: TrialDto[]; value: string; onChange: (id: string) => void }) {
  return (
    <NativeSelect
      label="Trial"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      data={trials.map((t) => ({ value: t.id, label: `${t.title} (${t.status})` }))}
      maw={520}
    />
  );
}

function Enrollments({ trials }: { trials: TrialDto[] }) {
  const [trialId, setTrialId] = useState(trials[0]?.id ?? '');
  if (!trials.length) return <EmptyState title="No clinical trials yet" />;
  return (
    <Stack gap="md">
      <TrialPicker trials={trials} value={trialId} onChange={setTrialId} />
      <EnrollmentsTable trialId={trialId} />
    </Stack>
  );
}

function Safety({ onReport, canReport }: { onReport: () => void; canReport: boolean }) {
  const events = useRecentAdverseEvents(SAFETY_EVENT_LIMIT);
  const resolve = useResolveAdverseEvent();
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} fz="h3">
          Recent Adverse Events
        </Title>
        <Button onClick={onReport} disabled={!canReport}>
          Report Adverse Event
        </Button>
      </Group>
      <QueryState
        query={events}
        errorMessage={(e) => `Error: ${e.message}`}
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyState title="No adverse events reported" />}
      >
        {(rows: AdverseEventDto[]) => (
          <Stack gap="sm">
            {rows.map((e) => (
              <Card key={e.id} withBorder padding="sm">
                <Group justify="space-between" align="flex-start" wrap="wrap">
                  <Stack gap={2}>
                    <Text fw={600}>
                      {e.eventType} · {e.severity}
                      {e.serious ? ' · Serious' : ''}
                    </Text>
                    <Text fz="sm">
                      {e.trialTitle} · {e.patientName} · {e.date} · Relatedness: {e.relatedness}
                    </Text>
                    <Text fz="sm">{e.description}</Text>
                    {e.actionTaken && <Text fz="sm">Action taken: {e.actionTaken}</Text>}
                    {e.serious && <Text fz="sm">Safety report due {e.reportingDueDate}</Text>}
                  </Stack>
                  {e.resolved ? (
                    <Text fz="sm">Resolved</Text>
                  ) : (
                    <Button size="xs" variant="default" onClick={() => resolve.mutate(e.id)} aria-label={`Mark ${e.eventType} resolved`}>
                      Mark resolved
                    </Button>
                  )}
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

function Reports({ trials }: { trials: TrialDto[] }) {
  const [trialId, setTrialId] = useState(trials[0]?.id ?? '');
  if (!trials.length) return <EmptyState title="No clinical trials yet" />;
  return (
    <Stack gap="md">
      <TrialPicker trials={trials} value={trialId} onChange={setTrialId} />
      <Text fz="sm">Each report is built from the trial&apos;s current records. Download it as CSV, or open the printable page.</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        {TRIAL_REPORT_IDS.map((id) => (
          <Card key={id} withBorder padding="sm">
            <Stack gap="xs">
              <Button component="a" href={reportUrl(trialId, id, 'csv')} download>
                {TRIAL_REPORTS[id]}
              </Button>
              <Anchor
                href={reportUrl(trialId, id, 'html')}
                target="_blank"
                rel="noopener"
                fz="sm"
                aria-label={`${TRIAL_REPORTS[id]} report, printable page`}
              >
                Printable page
              </Anchor>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
