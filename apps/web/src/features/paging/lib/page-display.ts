import type { PageDto, PageEventDto } from '@clinic/domain/contracts/paging';
import type { Role } from '@clinic/domain/rules/access';
import { isOpenPage, mayCancel, type PagePriority, type PageStatus } from '@clinic/domain/rules/paging';
import type { Tone } from '../../../ui/StatusChip';

/** Labels of a page's priorities and states, in the contract's order. */
/** Who a page is from, as lists show it: the sender, or the critical alert that sent it. */
export const pageSenderName = (p: Pick<PageDto, 'automatic' | 'sender'>) => (p.automatic ? 'Automatic (critical alert)' : (p.sender?.name ?? '—'));

export const PRIORITY_LABELS: Record<PagePriority, string> = { routine: 'Routine', urgent: 'Urgent', emergency: 'Emergency' };
export const STATUS_LABELS: Record<PageStatus, string> = {
  sent: 'Sent',
  delivered: 'Delivered',
  acknowledged: 'Acknowledged',
  escalated: 'Escalated',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/** Chip tones (readable text on each, as `ui/StatusChip` keeps them): emergency red, urgent orange, routine grey. */
export const PRIORITY_TONES: Record<PagePriority, Tone> = {
  emergency: { color: 'red.9', text: 'white' },
  urgent: { color: 'orange.8', text: 'black' },
  routine: { color: 'gray.7', text: 'white' },
};
/** Open states blue (escalated orange), acknowledged green, closed without an answer grey or red. */
export const STATUS_TONES: Record<PageStatus, Tone> = {
  sent: { color: 'blue.8', text: 'white' },
  delivered: { color: 'blue.8', text: 'white' },
  escalated: { color: 'orange.8', text: 'black' },
  acknowledged: { color: 'teal.9', text: 'white' },
  cancelled: { color: 'gray.7', text: 'white' },
  expired: { color: 'red.9', text: 'white' },
};

/** The caller as the page actions need them: their membership id and role. */
export interface PagingViewer {
  memberId: string;
  role: Role;
}

/**
 * Whether to offer Acknowledge on a page: it is open and the caller is its recipient, or (in the
 * inbox, which lists the pages that reached the caller, escalations included) any open page. A
 * page that escalated to the caller names its first recipient, so elsewhere the server decides.
 */
export function offersAcknowledge(page: Pick<PageDto, 'status' | 'recipient'>, viewer: PagingViewer | null, inInbox: boolean): boolean {
  if (!isOpenPage(page.status)) return false;
  return inInbox || (!!viewer && page.recipient.memberId === viewer.memberId);
}

/** Whether to offer Cancel on a page: open, and the caller sent it or is an Admin or the Owner (`rules/paging.ts`). */
export function offersCancel(page: Pick<PageDto, 'status' | 'sender'>, viewer: PagingViewer | null): boolean {
  return !!viewer && mayCancel(page.status, page.sender?.memberId ?? null, { id: viewer.memberId, role: viewer.role });
}

/** A duration in seconds as people read it: "45 s", "3 min 20 s", "1 h 5 min"; "—" when there is none. */
export function durationLabel(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return '—';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return s % 60 ? `${minutes} min ${s % 60} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}

const CHANNEL_LABELS = { app: 'the app', mail: 'mail', webhook: 'the paging gateway' } as const;

/** One step of a page's timeline as a sentence: "Delivered to Dr. Lee via the app", "Escalated to Ann Smith". */
export function eventText(event: Pick<PageEventDto, 'type' | 'member' | 'channel' | 'detail'>): string {
  const who = event.member?.name;
  const base = (() => {
    switch (event.type) {
      case 'sent':
        return who ? `Sent to ${who}` : 'Sent';
      case 'delivered': {
        const to = who ? `Delivered to ${who}` : 'Delivered';
        return event.channel ? `${to} via ${CHANNEL_LABELS[event.channel]}` : to;
      }
      case 'read':
        return who ? `Read by ${who}` : 'Read';
      case 'acknowledged':
        return who ? `Acknowledged by ${who}` : 'Acknowledged';
      case 'escalated':
        return who ? `Escalated to ${who}` : 'Escalated';
      case 'cancelled':
        return who ? `Cancelled by ${who}` : 'Cancelled';
      case 'expired':
        return 'Expired: nobody acknowledged it';
    }
  })();
  return event.detail ? `${base} (${event.detail})` : base;
}
