import { ROLES, type Role } from './access.js';

/**
 * A page's priorities and states and the roles a rota may put on call: the words of paging, apart
 * from its rules (`paging.ts`) so that a screen reading pages loads them without the rota clock.
 */

/** A page's priority, lowest first. */
export const PAGE_PRIORITIES = ['routine', 'urgent', 'emergency'] as const;
export type PagePriority = (typeof PAGE_PRIORITIES)[number];

/** A page's state. `sent`, `delivered` and `escalated` are open: it waits for someone. */
export const PAGE_STATUSES = ['sent', 'delivered', 'acknowledged', 'escalated', 'cancelled', 'expired'] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];
export const OPEN_PAGE_STATUSES: readonly PageStatus[] = ['sent', 'delivered', 'escalated'];
export const isOpenPage = (status: PageStatus) => OPEN_PAGE_STATUSES.includes(status);

/** Roles a rota may put on call: every staff role but Viewer. */
export const ON_CALL_ROLES = ROLES.filter((r) => r !== 'Viewer') as Exclude<Role, 'Viewer'>[];
export type OnCallRole = (typeof ON_CALL_ROLES)[number];
