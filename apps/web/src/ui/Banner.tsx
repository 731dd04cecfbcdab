import { Alert, type AlertProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a banner says: a failure (announced at once), a success or a piece of information. */
export type BannerTone = 'error' | 'success' | 'info';

const TONES = {
  error: { color: 'red', role: 'alert' },
  success: { color: 'green', role: 'status' },
  info: { color: 'blue', role: 'status' },
} as const satisfies Record<BannerTone, { color: string; role: 'alert' | 'status' }>;

/**
 * A notice above or inside a form or list: errors in red with role `alert`, successes in green and
 * information in blue with role `status`. With `onDismiss` it has a Dismiss button. Time it with
 * `useTimedBanner` (the spec's 5-second notices).
 */
export function Banner({
  tone = 'error',
  title,
  onDismiss,
  children,
  ...props
}: {
  tone?: BannerTone;
  title?: ReactNode;
  onDismiss?: () => void;
  children: ReactNode;
} & Omit<AlertProps, 'color' | 'role' | 'title' | 'children' | 'withCloseButton' | 'onClose' | 'closeButtonLabel'>) {
  const { color, role } = TONES[tone];
  return (
    <Alert
      color={color}
      variant="light"
      role={role}
      title={title}
      withCloseButton={Boolean(onDismiss)}
      onClose={onDismiss}
      closeButtonLabel={onDismiss ? 'Dismiss' : undefined}
      {...props}
    >
      {children}
    </Alert>
  );
}
