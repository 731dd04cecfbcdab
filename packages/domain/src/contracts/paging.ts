/**
 * Paging: a page to a member or to whoever is on call, the inbox and history, a page's timeline,
 * the day's figures, the clinics' on-call rotas and the organization's paging settings. The rules
 * (on call, escalation, who may act) are `rules/paging.ts`.
 */
import { z } from 'zod';
import { ROLES } from '../rules/access.js';
import { PAGE_STATUSES, PAGE_TIMEOUT_MINUTES, rotaProblems } from '../rules/paging.js';
import { eventDate } from './calendar-date.js';
import { idSchema, optionalText, requiredText } from './common.js';
import { onCallRole, pageDto, pagePerson as person, pagePriority as priority } from './page-dto.js';

export { pageDto, pageHistoryResponse, type PageDto } from './page-dto.js';

/** Longest text of a page. */
export const PAGE_MESSAGE_MAX = 500;
/** Most shifts, and most overrides, one rota holds. */
export const MAX_ROTA_ENTRIES = 100;

/** `POST /api/paging/page`: to one member, or to whoever is on call for a role now. */
export const pageBody = z
  .object({
    recipientMemberId: idSchema.optional(),
    onCall: z.object({ role: onCallRole }).optional(),
    priority,
    message: requiredText(PAGE_MESSAGE_MAX, 'Message'),
    patientId: idSchema.optional(),
    queueEntryId: idSchema.optional(),
    alertId: idSchema.optional(),
    callbackNumber: optionalText(40, 'Callback number'),
  })
  .superRefine((body, ctx) => {
    if (!body.recipientMemberId === !body.onCall)
      ctx.addIssue({ code: 'custom', path: ['recipientMemberId'], message: 'Choose one recipient, or the role on call' });
  });
export type PageBody = z.infer<typeof pageBody>;

/** `POST /api/paging/{id}/cancel`. */
export const cancelPageBody = z.object({ reason: optionalText(200, 'Reason') });

export const PAGE_EVENT_TYPES = ['sent', 'delivered', 'read', 'acknowledged', 'escalated', 'cancelled', 'expired'] as const;
export const PAGE_CHANNELS = ['app', 'mail', 'webhook'] as const;

/** A step of a page's timeline. */
export const pageEventDto = z.object({
  type: z.enum(PAGE_EVENT_TYPES),
  at: z.string(),
  /** Who it concerns: the member reached, who read or acknowledged it, who cancelled it. */
  member: person.nullable(),
  channel: z.enum(PAGE_CHANNELS).nullable(),
  detail: z.string().nullable(),
});
export type PageEventDto = z.infer<typeof pageEventDto>;

export const pageResponse = z.object({ success: z.literal(true), page: pageDto });
export const pageDetailResponse = z.object({ success: z.literal(true), page: pageDto, events: z.array(pageEventDto) });

/**
 * `GET /api/paging/history`: newest first; `recipient=me` is the caller's own inbox; `open=true`
 * keeps the pages still waiting for an answer (sent, delivered, escalated), `open=false` the others.
 */
export const pageHistoryQuery = z
  .object({
    status: z.enum(PAGE_STATUSES).optional(),
    open: z.enum(['true', 'false'], { error: 'Open must be true or false' }).optional(),
    priority: priority.optional(),
    recipient: z.union([z.literal('me'), idSchema]).optional(),
    from: eventDate.optional(),
    to: eventDate.optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'The end date must be on or after the start date' });
export type PageHistoryQuery = z.infer<typeof pageHistoryQuery>;

/** `GET /api/paging/stats/overview`: the clinic's day (its local calendar day). */
export const pagingStatsResponse = z.object({
  success: z.literal(true),
  stats: z.object({
    sentToday: z.number().int(),
    openNow: z.number().int(),
    acknowledgedToday: z.number().int(),
    medianAcknowledgeSeconds: z.number().nullable(),
    escalatedToday: z.number().int(),
    byPriority: z.object({ routine: z.number().int(), urgent: z.number().int(), emergency: z.number().int() }),
  }),
});

/** `GET /api/paging/recipients`: members of the clinic who can be paged. */
export const pagingRecipientsResponse = z.object({
  success: z.literal(true),
  recipients: z.array(
    z.object({ memberId: z.string(), name: z.string(), role: z.enum(ROLES), department: z.string().nullable(), onCallNow: z.boolean() }),
  ),
});

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Times must be HH:MM');
const onCallShift = z.object({
  weekday: z.number().int().min(0).max(6),
  start: time,
  end: time,
  primaryMemberId: idSchema,
  backupMemberId: idSchema.nullable().default(null),
});
const onCallOverride = z.object({ from: eventDate, to: eventDate, primaryMemberId: idSchema, backupMemberId: idSchema.nullable().default(null) });

/** `PUT /api/paging/on-call`: one role's rota of the request's clinic, replaced whole. */
export const onCallRotaBody = z
  .object({
    role: onCallRole,
    shifts: z.array(onCallShift).max(MAX_ROTA_ENTRIES),
    overrides: z.array(onCallOverride).max(MAX_ROTA_ENTRIES).default([]),
  })
  .superRefine((rota, ctx) => {
    for (const message of rotaProblems(rota)) ctx.addIssue({ code: 'custom', path: ['shifts'], message });
  });
export type OnCallRotaBody = z.infer<typeof onCallRotaBody>;

const onCallNow = z.object({ primary: person, backup: person.nullable() }).nullable();
const rotaDto = z.object({ role: onCallRole, shifts: z.array(onCallShift), overrides: z.array(onCallOverride), now: onCallNow });
/** `GET /api/paging/on-call`: the clinic's rotas, each with who is on call now. */
export const onCallResponse = z.object({ success: z.literal(true), rotas: z.array(rotaDto) });
export const onCallRotaResponse = z.object({ success: z.literal(true), rota: rotaDto });

const timeout = (label: string) =>
  z
    .number({ error: `${label} must be a number of minutes` })
    .int(`${label} must be whole minutes`)
    .min(PAGE_TIMEOUT_MINUTES.min, `${label} must be at least ${PAGE_TIMEOUT_MINUTES.min} minute`)
    .max(PAGE_TIMEOUT_MINUTES.max, `${label} must be at most ${PAGE_TIMEOUT_MINUTES.max} minutes`);

/** The Paging section of the organization's settings. */
export const pagingSettingsInput = z.object({
  timeoutMinutes: z.object({
    emergency: timeout('Emergency timeout'),
    urgent: timeout('Urgent timeout'),
    routine: timeout('Routine timeout'),
  }),
  autoPageCritical: z.boolean(),
  webhookUrl: z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .url({ protocol: /^https?$/, error: 'Webhook URL must be an http(s) address' })
      .max(2000)
      .nullable(),
  ),
});
export type PagingSettingsInput = z.infer<typeof pagingSettingsInput>;
