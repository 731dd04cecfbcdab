import { Button } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { PageActionProps } from '../../ui/page-action';

// The form, its contract and the recipients' read load on the first opening only.
const PageComposeModal = lazy(() => import('./PageComposeModal').then((m) => ({ default: m.PageComposeModal })));

/**
 * A "Page" button that opens the compose form, prefilled with what it is about. The form is
 * mounted (and its code loaded) only while open, so a list of cards with this button stays light.
 * The app shows it to members who may page (`app/page-action.tsx`); the server refuses anyone else.
 */
export function PageButton({ ariaLabel, size = 'sm', variant = 'light', label = 'Page', ...prefill }: PageActionProps & { label?: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        size={size}
        variant={variant}
        leftSection={<IconBellRinging size={16} aria-hidden />}
        onClick={() => setOpened(true)}
        aria-label={ariaLabel}
      >
        {label}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <PageComposeModal opened onClose={() => setOpened(false)} prefill={prefill} />
        </Suspense>
      )}
    </>
  );
}
