import { useState } from 'react';

/**
 * A required choice of a record form: its value, and the field's message once a submission found
 * it empty (cleared by the next choice). `selectProps` spreads onto a Mantine `Select`.
 */
export function useRequiredChoice<T extends string>(requiredMessage: string) {
  const [value, setValue] = useState<T | null>(null);
  const [missing, setMissing] = useState(false);
  return {
    value,
    clear: () => setValue(null),
    /** The choice for a submission; null, and the field marked, when nothing is chosen. */
    chosen: (): T | null => {
      if (!value) setMissing(true);
      return value;
    },
    selectProps: {
      value,
      onChange: (next: string | null) => {
        setValue(next as T | null);
        setMissing(false);
      },
      error: missing ? requiredMessage : undefined,
    },
  };
}
