import type { pagingRecipientsResponse } from '@clinic/domain/contracts/paging';
import { ON_CALL_ROLES, type OnCallRole } from '@clinic/domain/rules/paging';
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

/** The roles who answer pages about patients, listed before the others. */
const CLINICAL_ROLES: readonly OnCallRole[] = ['Doctor', 'Nurse'];

/**
 * The on-call roles in the order the screen lists them: Doctor and Nurse first, then the others
 * in the role list's order (Staff, Manager, Admin, Owner).
 */
export const ON_CALL_ROLE_ORDER: readonly OnCallRole[] = [
  ...CLINICAL_ROLES.filter((r) => ON_CALL_ROLES.includes(r)),
  ...ON_CALL_ROLES.filter((r) => !CLINICAL_ROLES.includes(r)),
];
