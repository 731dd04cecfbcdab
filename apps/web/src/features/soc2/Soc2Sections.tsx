import type { Soc2Dashboard as Dashboard } from '@clinic/domain/contracts/soc2';
import { formatBytes, SOC2_CRITERIA, SOC2_CRITERION_LABELS, uptimeParts, type Soc2Criterion } from '@clinic/domain/rules/soc2';
import { Badge, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { TimeText } from '../../ui/TimeText';

const STATUS_COLOR = { compliant: 'green', partial: 'yellow', 'non-compliant': 'red' } as const;
const SEVERITY_COLOR = { critical: 'red', high: 'orange', medium: 'yellow', low: 'gray' } as const;

type SecurityEvent = Dashboard['recentEvents'][number];
type Check = Dashboard['checks'][number];

/** A status word on a light badge in its colour, with dark text for contrast. */
const Tag = ({ color, children }: { color: string; children: ReactNode }) => (
  <Badge color={color} variant="light" c="dark.9">
    {children}
  </Badge>
);

const EVENT_COLUMNS: DataTableColumn<SecurityEvent>[] = [
  { key: 'severity', header: 'Severity', cell: (e) => <Tag color={SEVERITY_COLOR[e.severity]}>{e.severity}</Tag> },
  { key: 'event', header: 'Event', cell: (e) => e.eventType },
  { key: 'description', header: 'Description', cell: (e) => e.description },
  { key: 'time', header: 'Time', cell: (e) => <TimeText value={e.timestamp} date="numeric" /> },
];

const checkResult = (c: Check) => (!c.applicable ? 'Not applicable' : c.passed ? 'Passed' : `Failed (${c.severity})`);

const CHECK_COLUMNS: DataTableColumn<Check>[] = [
  { key: 'check', header: 'Check', cell: (c) => c.title },
  {
    key: 'result',
    header: 'Result',
    cell: (c) => <Tag color={!c.applicable ? 'gray' : c.passed ? 'green' : SEVERITY_COLOR[c.severity]}>{checkResult(c)}</Tag>,
  },
  { key: 'evidence', header: 'Evidence', cell: (c) => c.evidence },
  { key: 'fix', header: 'What to do', cell: (c) => (c.passed ? '' : c.fix) },
];

/** A titled card of the Overview. */
function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder>
      <Title order={3} fz="h4" mb="xs">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function CriterionCard({ label, status }: { label: string; status: Dashboard['complianceStatus'][Soc2Criterion] }) {
  return (
    <Card withBorder>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{label}</Text>
        <Tag color={STATUS_COLOR[status.status]}>{status.status}</Tag>
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

/** The Overview tab: a card per criterion, system health, risk assessment and the recent security events. */
export function Soc2Overview({ d }: { d: Dashboard }) {
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
        <Panel title="System Health">
          <Text>
            Uptime: {up.days} days, {up.hours} hours, {up.minutes} minutes
          </Text>
          <Text>
            Memory: {formatBytes(m.used)} / {formatBytes(m.total)} ({m.percentage.toFixed(1)}% used)
          </Text>
          <Text>
            CPU: {d.systemHealth.cpu.usage.toFixed(1)}% (load {d.systemHealth.cpu.load.toFixed(2)})
          </Text>
        </Panel>
        <Panel title="Risk Assessment">
          <Text>
            Overall risk: <Tag color={SEVERITY_COLOR[r.overallRisk]}>{r.overallRisk}</Tag>
          </Text>
          <Text>Critical: {r.criticalRisks}</Text>
          <Text>High: {r.highRisks}</Text>
          <Text>Medium: {r.mediumRisks}</Text>
          <Text>Low: {r.lowRisks}</Text>
        </Panel>
      </SimpleGrid>
      <Panel title="Recent Security Events">
        {d.recentEvents.length === 0 ? (
          <Text>No security events yet.</Text>
        ) : (
          <DataTable label="Recent Security Events" columns={EVENT_COLUMNS} rows={d.recentEvents} rowKey={(e) => e.id} />
        )}
      </Panel>
    </Stack>
  );
}

/** A criterion's tab: its card, its checks with their evidence, and its open issues. */
export function CriterionChecks({ d, criterion }: { d: Dashboard; criterion: Soc2Criterion }) {
  const status = d.complianceStatus[criterion];
  const label = SOC2_CRITERION_LABELS[criterion];
  return (
    <Stack>
      <CriterionCard label={label} status={status} />
      <DataTable label={`${label} checks`} columns={CHECK_COLUMNS} rows={d.checks.filter((c) => c.criterion === criterion)} rowKey={(c) => c.id} />
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
