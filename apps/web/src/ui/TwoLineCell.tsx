import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A table cell's main text with a smaller grey line under it (a visitor's relationship, a room). */
export function TwoLineCell({ main, sub, strong = false }: { main: ReactNode; sub: ReactNode; strong?: boolean }) {
  return (
    <>
      <Text fw={strong ? 600 : undefined}>{main}</Text>
      <Text fz="sm" c="gray.7">
        {sub}
      </Text>
    </>
  );
}
