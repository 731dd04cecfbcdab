import { Group, NativeSelect, TextInput, type GroupProps, type TextInputProps } from '@mantine/core';

/** One choice list of a {@link ListFilters}: its label, the value chosen, the options and what a choice does. */
export interface ListFilter {
  label: string;
  value: string;
  data: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
}

/**
 * A list's search box followed by its choice lists (status, sort), side by side and wrapping on a
 * narrow screen. `search` takes a `TextInput`'s props (label, value, onChange...).
 */
export function ListFilters({
  search,
  filters,
  ...group
}: { search: TextInputProps; filters: readonly ListFilter[] } & Omit<GroupProps, 'children'>) {
  return (
    <Group align="flex-end" wrap="wrap" {...group}>
      <TextInput {...search} />
      {filters.map((f) => (
        <NativeSelect key={f.label} label={f.label} value={f.value} data={[...f.data]} onChange={(e) => f.onChange(e.currentTarget.value)} />
      ))}
    </Group>
  );
}
