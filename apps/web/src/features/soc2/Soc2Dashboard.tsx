import type { Soc2Dashboard as Dashboard } from '@clinic/domain/contracts/soc2';
import { formatBytes, SOC2_CRITERIA, SOC2_CRITERION_LABELS, uptimeParts, type Soc2Criterion } from '@clinic/domain/rules/soc2';
import { Badge, Button, Card, Center, Group, List, Loader, SimpleGrid, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { TimeText } from '../../ui/TimeText';
import { useSoc2Dashboard } from './api/get-soc2-dashboard';

const STATUS_COLOR = { compliant: 'green', partial: 'yellow', 'non-compliant': 'red' } as const;
const SEVERITY_COLOR = { critical: 'red', high: 'orange', medium: 'yellow', low: 'gray' } as const;

function CriterionCard({ label, status }: { label: string; status: Dashboard['complianceStatus'][Soc2Criterion] }) {
  return (
    <Card withBorder>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{label}</Text>
        <Badge color={STATUS_COLOR[status.status]} variant="light" c="dark.9">
          {status.status}
        </Badge>
      </Group>
      <Text fz="xl" fw={700}>
        {status.score.toFixed(1)}%
      </Text>
      <Text size="sm">
        Last tested: <TimeText value={status.lastTested} date="numeric" />
      </Text>
      <Text size="sm">Issues: {status.issues.length}</Text>
    </Card>
  );
}

function Overview({ d }: { d: Dashboard }) {
  const up = uptimeParts(d.systemHealth.uptime);
  const m = d.systemHealth.memory;
  const r = d.riskAssessment;
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
        {SOC2_CRITERIA.map((c) => (
          <CriterionCard key={c} label={SOC2_CRITERION_LABELS[c]} status={d.complianceStatus[c]} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Title order={3} fz="h4" mb="xs">
            System Health
          </Title>
          <Text>
            Uptime: {up.days} days, {up.hours} hours, {up.minutes} minutes
          </Text>
          <Text>
            Memory: {formatBytes(m.used)} / {formatBytes(m.total)} ({m.percentage.toFixed(1)}% used)
          </Text>
          <Text>
            CPU: {d.systemHealth.cpu.usage.toFixed(1)}% (load {d.systemHealth.cpu.load.toFixed(2)})
          </Text>
        </Card>
        <Card withBorder>
          <Title order={3} fz="h4" mb="xs">
            Risk Assessment
          </Title>
          <Text>
            Overall risk:{' '}
            <Badge color={SEVERITY_COLOR[r.overallRisk]} variant="light" c="dark.9">
              {r.overallRisk}
            </Badge>
          </Text>
          <Text>Critical: {r.criticalRisks}</Text>
          <Text>High: {r.highRisks}</Text>
          <Text>Medium: {r.mediumRisks}</Text>
          <Text>Low: {r.lowRisks}</Text>
        </Card>
      </SimpleGrid>
      <Card withBorder>
        <Title order={3} fz="h4" mb="xs">
          Recent Security Events
        </Title>
        {d.recentEvents.length === 0 ? (
          <Text>No security events yet.</Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Severity</Table.Th>
                <Table.Th>Event</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Time</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.recentEvents.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>
                    <Badge color={SEVERITY_COLOR[e.severity]} variant="light" c="dark.9">
                      {e.severity}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{e.eventType}</Table.Td>
                  <Table.Td>{e.description}</Table.Td>
                  <Table.Td>
                    <TimeText value={e.timestamp} date="numeric" />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </Stack>
  );
}

function CriterionChecks({ d, criterion }: { d: Dashboard; criterion: Soc2Criterion }) {
  const status = d.complianceStatus[criterion];
  return (
    <Stack>
      <CriterionCard label={SOC2_CRITERION_LABELS[criterion]} status={status} />
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Check</Table.Th>
            <Table.Th>Result</Table.Th>
            <Table.Th>Evidence</Table.Th>
            <Table.Th>What to do</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {d.checks
            .filter((c) => c.criterion === criterion)
            .map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>{c.title}</Table.Td>
                <Table.Td>
                  <Badge color={!c.applicable ? 'gray' : c.passed ? 'green' : SEVERITY_COLOR[c.severity]} variant="light" c="dark.9">
                    {!c.applicable ? 'Not applicable' : c.passed ? 'Passed' : `Failed (${c.severity})`}
                  </Badge>
                </Table.Td>
                <Table.Td>{c.evidence}</Table.Td>
                <Table.Td>{c.passed ? '' : c.fix}</Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
      {status.issues.length > 0 && (
        <List size="sm">
          {status.issues.map((i) => (
            <List.Item key={i}>{i}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/**
 * The SOC 2 dashboard (operations-and-public section 2.5): the Overview and a tab per criterion
 * with its checks and evidence; Refresh Data runs the checks again; Generate Report and View Audit
 * Trail open the server's pages in a new window.
 */
export function Soc2Dashboard() {
  const query = useSoc2Dashboard();
  if (query.isPending)
    return (
      <Center py="xl">
        <Stack align="center">
          <Loader aria-label="Loading" />
          <Text>Loading SOC 2 Dashboard...</Text>
        </Stack>
      </Center>
    );
  if (query.isError)
    return (
      <Stack align="flex-start">
        <Text c="red.9">Error: {query.error.message || 'Failed to load SOC 2 dashboard'}</Text>
        <Button onClick={() => void query.refetch()}>Retry</Button>
      </Stack>
    );
  const d = query.data;
  if (!d) return <Text>No SOC 2 data available</Text>;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>SOC 2 Compliance Dashboard</Title>
        <Group>
          <Button variant="light" onClick={() => void query.refetch()} loading={query.isFetching}>
            Refresh Data
          </Button>
          <Button variant="light" onClick={() => window.open('/api/soc2/generate-report', '_blank', 'noopener')}>
            Generate Report
          </Button>
          <Button variant="light" onClick={() => window.open('/api/soc2/audit-trail', '_blank', 'noopener')}>
            View Audit Trail
          </Button>
        </Group>
      </Group>
      <Text size="sm">
        Last updated: <TimeText value={d.lastUpdated} date="numeric" />
      </Text>
      <Tabs defaultValue="overview" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          {SOC2_CRITERIA.map((c) => (
            <Tabs.Tab key={c} value={c}>
              {SOC2_CRITERION_LABELS[c]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <Overview d={d} />
        </Tabs.Panel>
        {SOC2_CRITERIA.map((c) => (
          <Tabs.Panel key={c} value={c} pt="md">
            <CriterionChecks d={d} criterion={c} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
