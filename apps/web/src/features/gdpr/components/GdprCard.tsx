import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One card of the Privacy tab: a bordered panel under its heading. */
export function GdprCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
