import { SimpleGrid, Text, type SimpleGridProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled value of a record: its label, then its value under it. */
export function Field({ label, value, size = 'sm' }: { label: string; value: ReactNode; size?: 'sm' | 'md' }) {
  return (
    <div>
      <Text size={size === 'sm' ? 'xs' : 'sm'} c="gray.7">
        {label}
      </Text>
      <Text size={size} fw={size === 'sm' ? 500 : undefined}>
        {value}
      </Text>
    </div>
  );
}

/**
 * A record's values as a grid of {@link Field}s, given as `[label, value]` pairs in reading order.
 * `size` md is a details page's body text; sm the denser text of a dialog's sections.
 */
export function FieldGrid({
  fields,
  cols,
  size,
}: {
  fields: ReadonlyArray<readonly [string, ReactNode]>;
  cols: SimpleGridProps['cols'];
  size?: 'sm' | 'md';
}) {
  return (
    <SimpleGrid cols={cols}>
      {fields.map(([label, value]) => (
        <Field key={label} label={label} value={value} size={size} />
      ))}
    </SimpleGrid>
  );
}
