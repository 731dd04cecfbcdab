import { createContext, memo, useContext, type ComponentType } from 'react';

/**
 * A "Page" action: what the page is about (the patient, the queue entry, the alert) and its first
 * words, all plain values so a memoized card passes the same props on every render; and how the
 * button looks.
 */
export interface PageActionProps {
  patientId?: string | null;
  patientName?: string | null;
  queueEntryId?: string | null;
  alertId?: string | null;
  message?: string | null;
  /** The button's accessible name when its text ("Page") is not enough, e.g. "Page about Ana Lee". */
  ariaLabel?: string;
  size?: 'xs' | 'sm' | 'md';
  variant?: 'default' | 'light' | 'outline' | 'subtle';
}

/**
 * The "Page" action other features show (a queue card, a patient's record, an alert row). Features
 * never import each other, so the app provides paging's button here, and none (no action at all)
 * to members who may not page.
 */
export const PageActionContext = createContext<ComponentType<PageActionProps> | null>(null);

/** The "Page" action the app provides, or nothing when the member may not page. */
export const PageAction = memo(function PageAction(props: PageActionProps) {
  const Action = useContext(PageActionContext);
  return Action ? <Action {...props} /> : null;
});
