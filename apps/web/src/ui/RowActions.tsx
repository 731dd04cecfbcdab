import { Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** A table row's buttons side by side, kept on one line (the table scrolls sideways instead). */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap">
      {children}
    </Group>
  );
}
