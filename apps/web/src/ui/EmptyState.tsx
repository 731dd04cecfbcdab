import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * What a list or panel shows when it has nothing to show: a line, or a title with a hint and an
 * action. `compact` keeps a single line inside a card or column.
 */
export function EmptyState({
  title,
  description,
  action,
  compact = false,
}: {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  compact?: boolean;
}) {
  if (compact) return <Text c="dimmed">{title}</Text>;
  if (!description && !action) {
    return (
      <Text c="gray.7" py="lg" ta="center">
        {title}
      </Text>
    );
  }
  return (
    <Stack align="center" gap={4} py="xl" px="md" ta="center">
      <Text fw={600} size="lg">
        {title}
      </Text>
      {description && <Text c="dimmed">{description}</Text>}
      {action}
    </Stack>
  );
}
