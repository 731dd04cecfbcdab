import type { ChangeEvent } from 'react';

/**
 * The props of a required credential input (a password or an authentication code): its label, the
 * browser's autofill hint and its text, kept in the form's state.
 */
export const credentialField = (label: string, autoComplete: string, value: string, set: (value: string) => void) => ({
  label,
  required: true,
  autoComplete,
  value,
  onChange: (e: ChangeEvent<HTMLInputElement>) => set(e.currentTarget.value),
});
