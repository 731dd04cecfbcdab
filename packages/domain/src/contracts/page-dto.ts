/**
 * A page as the API answers it, and the history's reply: apart from the rest of paging's contract
 * (`paging.ts`, which re-exports them) so that the staff shell's pager reads its inbox without the
 * rota and calendar rules.
 */
import { z } from 'zod';
import { ROLES } from '../rules/access.js';
import { ON_CALL_ROLES, PAGE_PRIORITIES, PAGE_STATUSES } from '../rules/page-states.js';

/** A page's priority. */
export const pagePriority = z.enum(PAGE_PRIORITIES, { error: 'Priority must be routine, urgent or emergency' });
/** A role a rota may put on call. */
export const onCallRole = z.enum(ON_CALL_ROLES, { error: `Role must be one of ${ON_CALL_ROLES.join(', ')}` });
/** A member as a page names them. */
export const pagePerson = z.object({ memberId: z.string(), name: z.string(), role: z.enum(ROLES).nullable() });
const at = z.string().nullable();

/** A page as its sender, its recipients and the clinic's staff see it. */
export const pageDto = z.object({
  id: z.string(),
  status: z.enum(PAGE_STATUSES),
  priority: pagePriority,
  message: z.string(),
  sender: pagePerson.nullable(),
  recipient: pagePerson,
  /** The role on call the page was sent to, when it was. */
  onCallRole: onCallRole.nullable(),
  /** The patient: the name only for members who may read patients. */
  patient: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  queueEntryId: z.string().nullable(),
  alertId: z.string().nullable(),
  callbackNumber: z.string().nullable(),
  automatic: z.boolean(),
  createdAt: z.string(),
  deliveredAt: at,
  acknowledgedAt: at,
  acknowledgedBy: pagePerson.nullable(),
  escalatedAt: at,
  cancelledAt: at,
  cancelReason: z.string().nullable(),
  escalationLevel: z.number().int(),
});
export type PageDto = z.infer<typeof pageDto>;

/** `GET /api/paging/history`: a page of pages, newest first, and how many match. */
export const pageHistoryResponse = z.object({ success: z.literal(true), pages: z.array(pageDto), total: z.number().int() });
export type PageHistoryResponse = z.infer<typeof pageHistoryResponse>;
