import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A labelled value of a summary card: the label dimmed above, the value below (bold text unless `plain`, then as given). */
export function Fact({ label, children, plain = false }: { label: ReactNode; children: ReactNode; plain?: boolean }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {plain ? children : <Text fw={600}>{children}</Text>}
    </div>
  );
}
