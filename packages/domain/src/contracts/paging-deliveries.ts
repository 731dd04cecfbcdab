/**
 * The organization's outbound paging webhook deliveries: one per page event sent to the
 * organization's paging gateway, with how its delivery went.
 */
import { z } from 'zod';
import { PAGE_EVENT_TYPES } from './paging.js';

export const PAGING_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type PagingDeliveryStatus = (typeof PAGING_DELIVERY_STATUSES)[number];

/** `GET /api/paging/deliveries`: newest first. */
export const pagingDeliveriesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type PagingDeliveriesQuery = z.infer<typeof pagingDeliveriesQuery>;

export const pagingDeliveryDto = z.object({
  id: z.string(),
  pageId: z.string(),
  event: z.enum(PAGE_EVENT_TYPES),
  url: z.string(),
  status: z.enum(PAGING_DELIVERY_STATUSES),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type PagingDeliveryDto = z.infer<typeof pagingDeliveryDto>;

export const pagingDeliveriesResponse = z.object({
  success: z.literal(true),
  deliveries: z.array(pagingDeliveryDto),
  total: z.number().int(),
});
