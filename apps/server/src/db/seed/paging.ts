import { DEFAULT_PAGING_SETTINGS, escalationDueAt, type OnCallRole, type PagePriority, type PageStatus } from '@clinic/domain';
import type { Tx } from '../client.js';
import { onCallRotas, pageEvents, pages } from '../schema/index.js';

/**
 * The demo clinic's paging: an on-call rota for the Doctor and Nurse roles (day and night shifts
 * every day, each with a backup) and the last day's pages: acknowledged ones, one escalated to the
 * backup before it was acknowledged, one cancelled, and one routine page still waiting for the
 * doctor, so the inbox, the pager badge, the history and the figures show a living clinic on a fresh
 * `npm start`. Times are relative to the day of seeding; the data is fixed (no randomness).
 */

const MINUTE_MS = 60_000;

/** The demo members paging names, by role. */
export interface PagingCast {
  doctor: string;
  nurse: string;
  staff: string;
  manager: string;
  admin: string;
}

/** One role's week: days 08:00-20:00 and nights 20:00-08:00, each with a primary and a backup. */
function week(day: { primary: string; backup: string }, night: { primary: string; backup: string }) {
  return [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) => [
    { weekday, start: '08:00', end: '20:00', primaryMemberId: day.primary, backupMemberId: day.backup },
    { weekday, start: '20:00', end: '08:00', primaryMemberId: night.primary, backupMemberId: night.backup },
  ]);
}

interface SeedPage {
  /** Minutes before seeding it was sent. */
  ago: number;
  priority: PagePriority;
  from: keyof PagingCast;
  to: keyof PagingCast;
  onCallRole?: OnCallRole;
  message: string;
  /** Minutes after sending it was acknowledged (by `to`, or by the backup when `escalatedAfter` is set). */
  acknowledgedAfter?: number;
  /** Minutes after sending it escalated to `backup`. */
  escalatedAfter?: number;
  backup?: keyof PagingCast;
  cancelledAfter?: number;
  cancelReason?: string;
}

const HISTORY: readonly SeedPage[] = [
  {
    ago: 1310,
    priority: 'urgent',
    from: 'nurse',
    to: 'doctor',
    onCallRole: 'Doctor',
    message: 'Bay 3 chest pain, ECG ready for review',
    acknowledgedAfter: 2,
  },
  {
    ago: 1180,
    priority: 'routine',
    from: 'staff',
    to: 'nurse',
    message: 'Pharmacy delivery for Ward 2 is at the front desk',
    acknowledgedAfter: 14,
  },
  {
    ago: 960,
    priority: 'emergency',
    from: 'nurse',
    to: 'doctor',
    onCallRole: 'Doctor',
    message: 'Resus 1: respiratory distress, SpO2 86% on air',
    escalatedAfter: 5,
    backup: 'manager',
    acknowledgedAfter: 6,
  },
  {
    ago: 720,
    priority: 'routine',
    from: 'doctor',
    to: 'nurse',
    onCallRole: 'Nurse',
    message: 'Please repeat obs on bay 5 at 14:00',
    acknowledgedAfter: 9,
  },
  {
    ago: 540,
    priority: 'urgent',
    from: 'staff',
    to: 'doctor',
    message: 'Family of the patient in room 214 asking for an update',
    cancelledAfter: 4,
    cancelReason: 'Nurse spoke to the family',
  },
  {
    ago: 300,
    priority: 'urgent',
    from: 'nurse',
    to: 'doctor',
    onCallRole: 'Doctor',
    message: 'Lab called: critical potassium result',
    acknowledgedAfter: 3,
  },
  {
    ago: 95,
    priority: 'emergency',
    from: 'nurse',
    to: 'doctor',
    onCallRole: 'Doctor',
    message: 'Triage: suspected stroke, onset 40 minutes ago',
    acknowledgedAfter: 1,
  },
  { ago: 12, priority: 'routine', from: 'nurse', to: 'doctor', message: 'Discharge summary for bay 7 is ready to sign' },
];

/** Loads the rotas and the day of pages. Runs in the seed's tenant transaction. */
export async function seedPaging(tx: Tx, scope: { organizationId: string; clinicId: string }, cast: PagingCast, now: Date): Promise<void> {
  const { organizationId, clinicId } = scope;
  await tx.insert(onCallRotas).values([
    {
      organizationId,
      id: crypto.randomUUID(),
      clinicId,
      role: 'Doctor',
      shifts: week({ primary: cast.doctor, backup: cast.manager }, { primary: cast.doctor, backup: cast.admin }),
      overrides: [],
      updatedBy: cast.manager,
    },
    {
      organizationId,
      id: crypto.randomUUID(),
      clinicId,
      role: 'Nurse',
      shifts: week({ primary: cast.nurse, backup: cast.manager }, { primary: cast.nurse, backup: cast.admin }),
      overrides: [],
      updatedBy: cast.manager,
    },
  ]);
  for (const p of HISTORY) await seedPage(tx, scope, cast, p, now);
}

async function seedPage(tx: Tx, scope: { organizationId: string; clinicId: string }, cast: PagingCast, p: SeedPage, now: Date): Promise<void> {
  const at = (minutes: number) => new Date(now.getTime() - (p.ago - minutes) * MINUTE_MS);
  const sent = at(0);
  const recipient = cast[p.to];
  const backup = p.backup ? cast[p.backup] : null;
  const delivered = at(0.2);
  const escalated = p.escalatedAfter !== undefined ? at(p.escalatedAfter) : null;
  const acknowledged = p.acknowledgedAfter !== undefined ? at(p.acknowledgedAfter) : null;
  const cancelled = p.cancelledAfter !== undefined ? at(p.cancelledAfter) : null;
  const acknowledger = escalated && backup ? backup : recipient;
  const status: PageStatus = acknowledged ? 'acknowledged' : cancelled ? 'cancelled' : 'delivered';
  const open = status === 'delivered';
  const id = crypto.randomUUID();
  await tx.insert(pages).values({
    organizationId: scope.organizationId,
    id,
    clinicId: scope.clinicId,
    priority: p.priority,
    status,
    message: p.message,
    senderMemberId: cast[p.from],
    recipientMemberId: recipient,
    onCallRole: p.onCallRole ?? null,
    escalationLevel: escalated ? 1 : 0,
    reached: backup && escalated ? [recipient, backup] : [recipient],
    nextStepAt: open ? escalationDueAt(sent, p.priority, DEFAULT_PAGING_SETTINGS.timeoutMinutes) : null,
    deliveredAt: delivered,
    acknowledgedAt: acknowledged,
    acknowledgedBy: acknowledged ? acknowledger : null,
    escalatedAt: escalated,
    cancelledAt: cancelled,
    cancelledBy: cancelled ? cast[p.from] : null,
    cancelReason: p.cancelReason ?? null,
    createdAt: sent,
  });
  const events: Array<{ type: string; memberId: string | null; channel: string | null; detail?: string; at: Date }> = [
    { type: 'sent', memberId: recipient, channel: 'app', at: sent },
    { type: 'delivered', memberId: recipient, channel: 'app', at: delivered },
    { type: 'read', memberId: recipient, channel: 'app', at: at(0.5) },
  ];
  if (escalated && backup) events.push({ type: 'escalated', memberId: backup, channel: 'app', detail: 'Level 1', at: escalated });
  if (acknowledged) events.push({ type: 'acknowledged', memberId: acknowledger, channel: null, at: acknowledged });
  if (cancelled) events.push({ type: 'cancelled', memberId: cast[p.from], channel: null, detail: p.cancelReason, at: cancelled });
  await tx.insert(pageEvents).values(
    events.map((e) => ({
      organizationId: scope.organizationId,
      id: crypto.randomUUID(),
      pageId: id,
      type: e.type,
      memberId: e.memberId,
      channel: e.channel,
      detail: e.detail ?? null,
      at: e.at,
    })),
  );
}
