import type { ConsentPurpose, RightsRequestStatus, RightsRequestType } from '@clinic/domain/contracts/gdpr';

/** How each kind of rights request reads on screen. */
export const REQUEST_TYPE_LABELS: Record<RightsRequestType, string> = {
  access: 'Access',
  copy: 'Copy of records',
  rectification: 'Rectification',
  erasure: 'Erasure',
  restriction: 'Restriction of processing',
  objection: 'Objection',
};

/** How each request status reads on screen. */
export const REQUEST_STATUS_LABELS: Record<RightsRequestStatus, string> = {
  OPEN: 'Open',
  COMPLETED: 'Completed',
  REJECTED: 'Rejected',
};

/** How each consent purpose reads on screen. */
export const PURPOSE_LABELS: Record<ConsentPurpose, string> = {
  treatment: 'Treatment',
  research: 'Research',
  marketing: 'Marketing',
  sharing: 'Sharing',
};

/** "12 days left", "Due today", "3 days overdue". */
export function daysLeftLabel(daysLeft: number): string {
  if (daysLeft > 0) return `${daysLeft} ${daysLeft === 1 ? 'day' : 'days'} left`;
  if (daysLeft === 0) return 'Due today';
  return `${-daysLeft} ${daysLeft === -1 ? 'day' : 'days'} overdue`;
}
