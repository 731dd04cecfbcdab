import { Card, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One figure with its label, as the dashboard and the queue show them. */
export function StatCard({
  label,
  value,
  hint,
  loading = false,
  color,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  loading?: boolean;
  /** Colour of the figure (a Mantine colour). */
  color?: string;
}) {
  return (
    <Card withBorder padding="md" role="group" aria-label={label}>
      <Text size="sm" c="gray.7" fw={500}>
        {label}
      </Text>
      {loading ? (
        <Skeleton height={32} mt={4} width="50%" />
      ) : (
        <Text fz={28} fw={700} c={color} lh={1.3}>
          {value}
        </Text>
      )}
      {hint && (
        <Text size="xs" c="gray.7">
          {hint}
        </Text>
      )}
    </Card>
  );
}
