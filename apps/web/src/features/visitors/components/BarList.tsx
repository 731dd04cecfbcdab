import { Group, Progress, Stack, Text } from '@mantine/core';

export interface Bar {
  key: string | number;
  label: string;
  count: number;
}

/**
 * Counts as a named list of horizontal bars (label, bar scaled to the largest count, count): a
 * list a screen reader reads item by item, each bar named "label: count".
 */
export function BarList({ bars, label, labelWidth, countWidth }: { bars: Bar[]; label: string; labelWidth: number; countWidth: number }) {
  const most = Math.max(1, ...bars.map((b) => b.count));
  return (
    <Stack gap={6} role="list" aria-label={label}>
      {bars.map((b) => (
        <Group key={b.key} gap="sm" wrap="nowrap" role="listitem">
          <Text w={labelWidth} fz="sm">
            {b.label}
          </Text>
          <Progress value={(b.count / most) * 100} flex={1} size="lg" aria-label={`${b.label}: ${b.count}`} />
          <Text w={countWidth} fz="sm" ta="right">
            {b.count}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
