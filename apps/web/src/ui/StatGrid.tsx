import { SimpleGrid, type SimpleGridProps } from '@mantine/core';
import type { ComponentProps } from 'react';
import { StatCard } from './StatCard';

/** One figure of a {@link StatGrid}: a {@link StatCard}'s props. */
export type Stat = ComponentProps<typeof StatCard>;

/** Figures as a grid of {@link StatCard}s, each named by its label. */
export function StatGrid({
  stats,
  cols,
  ...grid
}: { stats: readonly Stat[]; cols: SimpleGridProps['cols'] } & Omit<SimpleGridProps, 'cols' | 'children'>) {
  return (
    <SimpleGrid cols={cols} {...grid}>
      {stats.map((s) => (
        <StatCard key={s.label} {...s} />
      ))}
    </SimpleGrid>
  );
}
