import { Badge, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { TimeText } from '../../../ui/TimeText';
import type { CheckResult } from '../checks';

/** The results of a test run: each check's PASS or FAIL, its message, time and the raw result. */
export function CheckResults({ results, label }: { results: CheckResult[]; label: string }) {
  if (results.length === 0) return null;
  const passed = results.filter((r) => r.status === 'PASS').length;
  return (
    <Stack gap="sm" aria-label={label} role="region">
      <Text fw={600} role="status">
        {passed} of {results.length} checks passed
      </Text>
      <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {results.map((r, i) => (
          <Paper component="li" key={`${r.name}-${i}`} withBorder p="md" data-testid="check-result" data-status={r.status}>
            <Group justify="space-between" wrap="wrap">
              <Text fw={600}>
                {i + 1}. {r.name}
              </Text>
              {/* teal.9 is the readable green under white text (see ui/StatusChip). */}
              <Badge color={r.status === 'PASS' ? 'teal.9' : 'red.9'} c="white" size="lg">
                {r.status}
              </Badge>
            </Group>
            {r.message && (
              <Text c="red.9" mt={4}>
                {r.message}
              </Text>
            )}
            <Text size="sm" c="gray.7" mt={4}>
              <TimeText value={r.time} /> · {r.durationMs} ms
            </Text>
            <Code block mt="xs" tabIndex={0} aria-label={`Raw result of ${r.name}`} style={{ maxHeight: 240, overflow: 'auto' }}>
              {JSON.stringify(r.result, null, 2)}
            </Code>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
