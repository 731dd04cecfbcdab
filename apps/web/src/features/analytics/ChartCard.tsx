import { Anchor, Card, Group, SegmentedControl, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';

/**
 * One chart of the page: its title, a Chart/Table switch, and its CSV download. The chart is a
 * picture for sighted users only (hidden from screen readers, who are told to choose Table view);
 * the table view holds the same rows. A chart that is a table already (the busiest hours) is
 * shown as it is in both views.
 */
export function ChartCard({
  title,
  description,
  csvHref,
  chart,
  table,
}: {
  title: string;
  description?: string;
  csvHref: string;
  chart?: ReactNode;
  table: ReactNode;
}) {
  const id = useId();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={3} fz="h4" id={id}>
              {title}
            </Title>
            {description && (
              <Text size="sm" c="gray.7">
                {description}
              </Text>
            )}
          </div>
          <Group gap="sm">
            <SegmentedControl
              size="xs"
              aria-label={`${title} view`}
              value={view}
              onChange={(v) => setView(v as 'chart' | 'table')}
              data={[
                { value: 'chart', label: 'Chart' },
                { value: 'table', label: 'Table' },
              ]}
            />
            <Anchor href={csvHref} download size="sm" aria-label={`Download ${title} as CSV`}>
              Download CSV
            </Anchor>
          </Group>
        </Group>
        {view === 'chart' && chart ? (
          <>
            <VisuallyHidden>The chart is a picture of the data; choose Table view to read it.</VisuallyHidden>
            <div aria-hidden>{chart}</div>
          </>
        ) : (
          table
        )}
      </Stack>
    </Card>
  );
}
