import type { pagingRecipientsResponse } from '@clinic/domain/contracts/paging';
import type { z } from 'zod';

type Recipient = z.infer<typeof pagingRecipientsResponse>['recipients'][number];

/** The recipients as a list's options: those on call now first, each "Name · Role, Department", marked "on call". */
export function recipientOptions(recipients: readonly Recipient[]): Array<{ value: string; label: string }> {
  return [...recipients]
    .sort((a, b) => Number(b.onCallNow) - Number(a.onCallNow) || a.name.localeCompare(b.name))
    .map((r) => ({
      value: r.memberId,
      label: `${r.name} · ${r.role}${r.department ? `, ${r.department}` : ''}${r.onCallNow ? ' (on call)' : ''}`,
    }));
}
