import { DEFAULT_USER_SETTINGS } from '@clinic/domain';
import type { Tx } from '../client.js';
import { auditEvents, memberSettings } from '../schema/index.js';

const MINUTE = 60_000;

/**
 * The settings and security history of the demo organization, relative to now: the Admin's saved
 * settings (a 7-year data retention, so the SOC 2 privacy check has what it reads), and the audit
 * rows the app would have written for the last day's sign-ins, two failed ones, a lock, a
 * permission change and an export, so the SOC 2 dashboard's recent events and the audit trail
 * show a living clinic on a fresh `npm start`.
 */
export async function seedSettings(
  tx: Tx,
  scope: { organizationId: string; clinicId: string },
  userIds: ReadonlyMap<string, string>,
  now: Date,
): Promise<void> {
  const { organizationId } = scope;
  const user = (email: string) => userIds.get(email) ?? null;
  const admin = user('admin@demo.clinic');
  if (admin) {
    const { profile: _profile, ...own } = DEFAULT_USER_SETTINGS;
    // No session timeout of their own: the organization's applies (and follows it).
    const { sessionTimeout: _timeout, ...authentication } = own.security.authentication;
    const settings = { ...own, security: { ...own.security, authentication } };
    await tx.insert(memberSettings).values({ organizationId, userId: admin, settings });
  }
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MINUTE);
  const rows: Array<typeof auditEvents.$inferInsert> = [];
  const add = (
    action: string,
    minutesAgo: number,
    actor: string | null,
    entity: { type: string; id?: string | null },
    details: Record<string, unknown>,
  ) =>
    rows.push({
      id: crypto.randomUUID(),
      organizationId,
      actorUserId: actor,
      action,
      entityType: entity.type,
      entityId: entity.id ?? null,
      ip: '203.0.113.24',
      details,
      at: at(minutesAgo),
    });
  const signIns: Array<[string, number]> = [
    ['doctor@demo.clinic', 600],
    ['nurse@demo.clinic', 540],
    ['staff@demo.clinic', 480],
    ['admin@demo.clinic', 420],
    ['manager@demo.clinic', 360],
    ['doctor@demo.clinic', 240],
    ['nurse@demo.clinic', 200],
    ['owner@demo.clinic', 180],
    ['staff@demo.clinic', 120],
    ['doctor@demo.clinic', 60],
  ];
  for (const [email, ago] of signIns) add('auth.sign-in', ago, user(email), { type: 'user', id: user(email) }, { email });
  add(
    'auth.sign-in-failed',
    95,
    user('nurse@demo.clinic'),
    { type: 'user', id: user('nurse@demo.clinic') },
    { email: 'nurse@demo.clinic', code: 'auth/invalid-credential', reason: 'wrong-password' },
  );
  add(
    'auth.sign-in-failed',
    94,
    user('nurse@demo.clinic'),
    { type: 'user', id: user('nurse@demo.clinic') },
    { email: 'nurse@demo.clinic', code: 'auth/invalid-credential', reason: 'wrong-password' },
  );
  add(
    'auth.sign-in-throttled',
    93,
    user('nurse@demo.clinic'),
    { type: 'user', id: user('nurse@demo.clinic') },
    { email: 'nurse@demo.clinic', limit: 'email' },
  );
  add(
    'auth.sign-in-lock-cleared',
    80,
    admin,
    { type: 'user', id: user('nurse@demo.clinic') },
    { email: 'nurse@demo.clinic', failures: 2, locked: true },
  );
  add(
    'member.updated',
    30,
    admin,
    { type: 'member' },
    { before: { role: 'Staff' }, after: { role: 'Staff', permissions: { canManageVisitors: true } } },
  );
  add(
    'visitor.export',
    15,
    user('manager@demo.clinic'),
    { type: 'visitor' },
    {
      from: at(7 * 24 * 60)
        .toISOString()
        .slice(0, 10),
      to: now.toISOString().slice(0, 10),
    },
  );
  await tx.insert(auditEvents).values(rows);
}
