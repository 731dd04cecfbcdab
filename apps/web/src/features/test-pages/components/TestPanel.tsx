import { Paper, Stack, Title, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled panel of a test page (the organization chosen, the context read). */
export function TestPanel({ title, gap = 'sm', children }: { title: string; gap?: MantineSpacing; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Stack gap={gap}>
        <Title order={2} fz="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
