import type { MantineColor } from '@mantine/core';
import { useSyncExternalStore } from 'react';

/** The Mantine palette of each colour scheme choice (Mantine has no "purple": violet is it). */
export const PRIMARY_COLORS = { blue: 'blue', green: 'green', purple: 'violet', red: 'red', orange: 'orange' } as const satisfies Record<
  string,
  MantineColor
>;

let primary: MantineColor = 'blue';
const listeners = new Set<() => void>();

/** The primary colour the member chose (App's theme reads it; the applied settings write it). */
export const primaryColorStore = {
  get: () => primary,
  set(color: MantineColor) {
    if (color === primary) return;
    primary = color;
    for (const l of listeners) l();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The chosen primary colour. */
export function usePrimaryColor(): MantineColor {
  return useSyncExternalStore(primaryColorStore.subscribe, primaryColorStore.get);
}
