import type { Role } from '@clinic/domain';
import { DEMO_ORGANIZATION_ID } from '../../db/seed/demo.js';
import { memberIdOf, type TestApp } from '../../test/harness.js';

export const ORG = DEMO_ORGANIZATION_ID;

/** The demo member id of each role. */
export async function demoMembers(t: TestApp): Promise<Record<Lowercase<Role>, string>> {
  const roles = ['viewer', 'staff', 'nurse', 'doctor', 'manager', 'admin', 'owner'] as const;
  const ids = await Promise.all(roles.map((r) => memberIdOf(t.database.db, ORG, `${r}@demo.clinic`)));
  return Object.fromEntries(roles.map((r, i) => [r, ids[i]])) as Record<Lowercase<Role>, string>;
}

/** A rota with the same primary and backup all day, every day (a shift that ends when it starts lasts 24 hours). */
export const allDayRota = (role: string, primaryMemberId: string, backupMemberId: string | null = null) => ({
  role,
  shifts: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '00:00', primaryMemberId, backupMemberId })),
  overrides: [],
});

/** A page body to `recipientMemberId`. */
export const pageTo = (recipientMemberId: string, over: Record<string, unknown> = {}) => ({
  recipientMemberId,
  priority: 'urgent',
  message: 'Please come to bay 3',
  ...over,
});
