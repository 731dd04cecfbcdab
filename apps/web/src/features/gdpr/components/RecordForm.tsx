import { Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { Banner } from '../../../ui/Banner';

/** A card's small record form: its fields, then the refusal or the saved notice under them. */
export function RecordForm(props: {
  label: string;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  error: Error | null;
  saved: string | null;
  children: ReactNode;
}) {
  return (
    <form onSubmit={props.onSubmit} aria-label={props.label}>
      <Stack gap="xs">
        {props.children}
        {props.error && <Banner>{props.error.message}</Banner>}
        {props.saved && <Banner tone="success">{props.saved}</Banner>}
      </Stack>
    </form>
  );
}
