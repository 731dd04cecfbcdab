import { and, eq, inArray } from 'drizzle-orm';
import { pages, pagingDeliveries } from '../../db/schema/index.js';
import { accountProfilesQuery } from '../../platform/accounts.js';
import { newId } from '../../platform/crypto.js';
import type { MailMessage } from '../../platform/mail.js';
import type { TenantTx } from '../../platform/tenant-tx.js';
import { pageableMembers } from '../members/index.js';
import { clinicName } from '../organizations/index.js';
import { addPageEvent } from './page-events.js';
import type { PageRow } from './paging.dto.js';

/** The `paging_deliveries.event` of a page's mail (the webhook's rows carry the page event they tell of). */
export const MAIL_DELIVERY = 'mail';
/** The `url` of a mail delivery: its addresses are read when it is sent, never stored in the queue. */
const MAIL_URL = 'mailto:';

/** How pages are mailed: only when the server has a mailer (`SMTP_URL`); otherwise nothing is queued or claimed. */
export interface PageNotices {
  mail: boolean;
  /** The web app's origin, for the link in the mail; none when unknown. */
  origin?: string | null;
}

/** What a mail delivery row holds: the members still to mail and the link's origin. */
interface MailPayload {
  memberIds: string[];
  origin: string | null;
}

/**
 * Queues the mail of a page to the members it has just reached (sent or escalated to them), in
 * the transaction of that change; the delivery worker sends it after the commit, retrying like the
 * webhook, so a restart loses no mail and a mail failure never undoes the page.
 */
export async function queuePageMail(
  tx: TenantTx,
  page: Pick<PageRow, 'organizationId' | 'id'>,
  memberIds: readonly string[],
  notices: PageNotices | undefined,
  at: Date,
): Promise<void> {
  if (!notices?.mail || memberIds.length === 0) return;
  const payload: MailPayload = { memberIds: [...memberIds], origin: notices.origin ?? null };
  await tx.insert(pagingDeliveries).values({
    organizationId: page.organizationId,
    id: newId(),
    pageId: page.id,
    event: MAIL_DELIVERY,
    url: MAIL_URL,
    payload,
    nextAttemptAt: at,
    createdAt: at,
  });
}

const PRIORITY_WORDS: Record<string, string> = { routine: 'Routine', urgent: 'Urgent', emergency: 'Emergency' };

/**
 * The mail of one page: who sent it, its priority, the clinic, its callback number and a link.
 * Never the page's text nor its patient: a mailbox is not where clinical details belong, the app is.
 */
export function pageMailMessage(
  to: string,
  page: Pick<PageRow, 'priority' | 'escalationLevel' | 'callbackNumber' | 'automatic'>,
  senderName: string | null,
  clinic: string | null,
  origin: string | null,
): MailMessage {
  const priority = PRIORITY_WORDS[page.priority] ?? page.priority;
  const from = senderName ?? (page.automatic ? 'ClinicFlow (critical alert)' : 'ClinicFlow');
  const lines = [
    `You have been paged${page.escalationLevel > 0 ? ' (escalated to you)' : ''}.`,
    '',
    `Priority: ${priority}`,
    `From: ${from}`,
    ...(clinic ? [`Clinic: ${clinic}`] : []),
    ...(page.callbackNumber ? [`Callback number: ${page.callbackNumber}`] : []),
    '',
    origin ? `Read and acknowledge it in ClinicFlow: ${origin}/paging` : 'Read and acknowledge it in ClinicFlow, on the Paging page.',
    '',
    'For privacy, this e-mail leaves out the page’s text and any patient details.',
  ];
  return { to, subject: `${priority} page from ${from}`, text: lines.join('\n') };
}

/** Sends one message; throws when it was not sent. */
export type SendMail = (message: MailMessage) => Promise<void>;

/**
 * Sends a queued page mail in the worker's transaction (the row locked): one message per member
 * still to mail, each one sent adding a 'delivered' step by 'mail' to the page's timeline. Returns
 * the members it could not mail (to try again), or null when the page is gone.
 */
export async function sendPageMail(tx: TenantTx, organizationId: string, pageId: string, payload: unknown, send: SendMail, at: Date) {
  const { memberIds, origin } = payload as MailPayload;
  const [page] = await tx
    .select()
    .from(pages)
    .where(and(eq(pages.organizationId, organizationId), eq(pages.id, pageId)));
  if (!page) return null;
  const members = await pageableMembers(tx, organizationId, { memberIds: [...memberIds, page.senderMemberId ?? memberIds[0]] });
  const wanted = members.filter((m) => memberIds.includes(m.memberId));
  const u = accountProfilesQuery(tx).as('u');
  const emails = wanted.length
    ? await tx
        .select({ id: u.id, email: u.email })
        .from(u)
        .where(
          inArray(
            u.id,
            wanted.map((m) => m.userId),
          ),
        )
    : [];
  const emailOf = new Map(emails.map((e) => [e.id, e.email]));
  const sender = members.find((m) => m.memberId === page.senderMemberId)?.name ?? null;
  const clinic = await clinicName(tx, organizationId, page.clinicId);
  const failed: string[] = [];
  for (const member of wanted) {
    const email = emailOf.get(member.userId);
    if (!email) continue;
    try {
      await send(pageMailMessage(email, page, sender, clinic, origin));
      await addPageEvent(tx, page, { type: 'delivered', memberId: member.memberId, channel: 'mail', at });
    } catch {
      failed.push(member.memberId);
    }
  }
  return { page, failed };
}
