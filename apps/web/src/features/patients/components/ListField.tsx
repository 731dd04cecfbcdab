import { Badge, Button, CloseButton, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';

/**
 * A list of short entries with add and remove (allergies, medications, conditions). Entries are
 * trimmed and empty ones ignored; text typed but not yet added is handed back by `pending` so the
 * form can keep it on submit.
 */
export function ListField({
  name,
  label,
  itemLabel,
  values,
  onChange,
  pending,
  onPendingChange,
  error,
  placeholder,
}: {
  name?: string;
  label: string;
  /** One entry, lower case, for the button and remove labels ("allergy"). */
  itemLabel: string;
  values: string[];
  onChange: (values: string[]) => void;
  pending: string;
  onPendingChange: (value: string) => void;
  error?: ReactNode;
  placeholder?: string;
}) {
  const listId = useId();
  const [duplicate, setDuplicate] = useState(false);

  const add = () => {
    const entry = pending.trim();
    if (!entry) return;
    if (values.some((v) => v.toLowerCase() === entry.toLowerCase())) {
      setDuplicate(true);
      return;
    }
    onChange([...values, entry]);
    onPendingChange('');
    setDuplicate(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the entry instead of submitting the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <Stack gap={6}>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          name={name}
          style={{ flex: 1 }}
          label={label}
          placeholder={placeholder}
          value={pending}
          maxLength={200}
          onChange={(e) => {
            onPendingChange(e.currentTarget.value);
            setDuplicate(false);
          }}
          onKeyDown={onKeyDown}
          error={error ?? (duplicate ? `This ${itemLabel} is already listed` : undefined)}
          aria-describedby={values.length ? listId : undefined}
        />
        <Button variant="light" onClick={add} aria-label={`Add ${itemLabel}`} mb={error || duplicate ? 22 : 0}>
          Add
        </Button>
      </Group>
      {values.length > 0 ? (
        <Group gap={6} component="ul" id={listId} aria-label={`${label} entries`} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {values.map((value, index) => (
            <li key={`${value}-${index}`}>
              <Badge
                size="lg"
                variant="light"
                c="blue.9"
                tt="none"
                rightSection={
                  <CloseButton size="xs" aria-label={`Remove ${value}`} onClick={() => onChange(values.filter((_, i) => i !== index))} />
                }
              >
                {value}
              </Badge>
            </li>
          ))}
        </Group>
      ) : (
        <Input.Description>
          <Text span size="xs" c="dimmed">
            None added
          </Text>
        </Input.Description>
      )}
    </Stack>
  );
}
