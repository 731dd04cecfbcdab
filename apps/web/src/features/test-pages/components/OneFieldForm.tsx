import { Button, Group, TextInput, type ButtonProps } from '@mantine/core';
import { z } from 'zod';
import { useZodForm } from '../../../ui/use-zod-form';

/**
 * A form of one text field and its button, checked by the field's contract (an organization's
 * name, an id); the button waits for a value. `onSubmit` gets the parsed value.
 */
export function OneFieldForm({
  label,
  submitLabel,
  field,
  initialValue = '',
  onSubmit,
  busy = false,
  variant,
  onDone,
}: {
  label: string;
  submitLabel: string;
  field: z.ZodType<string, string>;
  initialValue?: string;
  onSubmit: (value: string) => Promise<boolean | void> | void;
  busy?: boolean;
  variant?: ButtonProps['variant'];
  /** Empty the field once `onSubmit` answers true. */
  onDone?: 'clear';
}) {
  const form = useZodForm({ schema: z.object({ value: field }), initialValues: { value: initialValue } });
  const submit = form.onSubmit(async ({ value }) => {
    const ok = await onSubmit(value);
    if (ok && onDone === 'clear') form.setFieldValue('value', '');
  });
  return (
    <form onSubmit={submit}>
      <Group align="flex-end">
        <TextInput label={label} {...form.getInputProps('value')} />
        <Button type="submit" variant={variant} disabled={!form.getValues().value.trim() || busy} loading={busy}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}
