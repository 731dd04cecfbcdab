import { SOC2_CRITERIA, SOC2_CRITERION_LABELS } from '@clinic/domain/rules/soc2';
import { Button, Center, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { QueryState } from '../../ui/QueryState';
import { TimeText } from '../../ui/TimeText';
import { useSoc2Dashboard } from './api/get-soc2-dashboard';
import { CriterionChecks, Soc2Overview } from './Soc2Sections';

const LOADING = (
  <Center py="xl">
    <Stack align="center">
      <Loader aria-label="Loading" />
      <Text>Loading SOC 2 Dashboard...</Text>
    </Stack>
  </Center>
);

/** Opens one of the server's SOC 2 pages in a new window. */
const openPage = (path: string) => window.open(path, '_blank', 'noopener');

/**
 * The SOC 2 dashboard (operations-and-public section 2.5): the Overview and a tab per criterion
 * with its checks and evidence; Refresh Data runs the checks again; Generate Report and View Audit
 * Trail open the server's pages in a new window.
 */
export function Soc2Dashboard() {
  const query = useSoc2Dashboard();
  return (
    <QueryState
      query={query}
      loading={LOADING}
      errorMessage={(e) => `Error: ${e.message || 'Failed to load SOC 2 dashboard'}`}
      isEmpty={(d) => !d}
      empty={<Text>No SOC 2 data available</Text>}
    >
      {(d) =>
        d && (
          <Stack>
            <Group justify="space-between">
              <Title order={2}>SOC 2 Compliance Dashboard</Title>
              <Group>
                <Button variant="light" onClick={() => void query.refetch()} loading={query.isFetching}>
                  Refresh Data
                </Button>
                <Button variant="light" onClick={() => openPage('/api/soc2/generate-report')}>
                  Generate Report
                </Button>
                <Button variant="light" onClick={() => openPage('/api/soc2/audit-trail')}>
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
                <Soc2Overview d={d} />
              </Tabs.Panel>
              {SOC2_CRITERIA.map((c) => (
                <Tabs.Panel key={c} value={c} pt="md">
                  <CriterionChecks d={d} criterion={c} />
                </Tabs.Panel>
              ))}
            </Tabs>
          </Stack>
        )
      }
    </QueryState>
  );
}
