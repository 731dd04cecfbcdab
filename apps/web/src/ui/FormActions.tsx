import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A form's closing buttons at its right end: Cancel (when `onCancel` is given) and the submit
 * button, which shows `loading` while the form saves.
 */
export function FormActions({
  submitLabel,
  loading = false,
  onCancel,
  cancelDisabled = false,
}: {
  submitLabel: ReactNode;
  loading?: boolean;
  onCancel?: () => void;
  cancelDisabled?: boolean;
}) {
  return (
    <Group justify="flex-end">
      {onCancel && (
        <Button variant="default" onClick={onCancel} disabled={cancelDisabled}>
          Cancel
        </Button>
      )}
      <Button type="submit" loading={loading}>
        {submitLabel}
      </Button>
    </Group>
  );
}
