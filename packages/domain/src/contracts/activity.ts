import { z } from 'zod';

/**
 * Recent activity (platform-core, Dashboard: Recent Activity panel): the organization's real events
 * (check-ins, care started and completed, alerts, admissions, patients added, members invited and
 * joined, visitors in and out) as the panel lists them. What each item says is decided by
 * `rules/activity.ts`.
 */

/** The spec's priorities of an activity item, most urgent first. */
export const ACTIVITY_PRIORITIES = ['emergency', 'urgent', 'high', 'medium', 'low'] as const;
/** An activity item's priority. */
export type ActivityPriority = (typeof ACTIVITY_PRIORITIES)[number];

/** The icons an item names; the web draws each one. */
export const ACTIVITY_ICONS = [
  'check-in',
  'alert',
  'care-started',
  'care-completed',
  'admitted',
  'cancelled',
  'patient-added',
  'patient-discharged',
  'member-invited',
  'member-joined',
  'visitor-in',
  'visitor-out',
] as const;
/** An activity item's icon. */
export type ActivityIcon = (typeof ACTIVITY_ICONS)[number];

/** Items the panel shows before "View all activity". */
export const RECENT_ACTIVITY_SHOWN = 10;
/** Most items of one page of the full list. */
export const MAX_ACTIVITY_PAGE = 100;

/** `GET /api/activity/recent`: a page of the newest items, 10 unless `limit` says otherwise. */
export const activityQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_ACTIVITY_PAGE).default(RECENT_ACTIVITY_SHOWN),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
/** A parsed activity query. */
export type ActivityQuery = z.output<typeof activityQuery>;

/** One item of the panel: the spec's fields, and when it happened. */
export const activityItemDto = z.object({
  /** The audit event's id. */
  id: z.string(),
  icon: z.enum(ACTIVITY_ICONS),
  title: z.string(),
  description: z.string(),
  /** "Just now", "5 minutes ago", "2 hours ago", "3 days ago" at the time of reading. */
  timeAgo: z.string(),
  priority: z.enum(ACTIVITY_PRIORITIES),
  /** When it happened (ISO 8601). */
  at: z.string(),
});
/** An activity item. */
export type ActivityItemDto = z.infer<typeof activityItemDto>;

/** The answer of `GET /api/activity/recent`: the page asked for, newest first, and how many there are. */
export const recentActivityResponse = z.object({
  success: z.literal(true),
  activities: z.array(activityItemDto),
  total: z.number().int(),
});
/** The recent activity answer. */
export type RecentActivityResponse = z.infer<typeof recentActivityResponse>;
