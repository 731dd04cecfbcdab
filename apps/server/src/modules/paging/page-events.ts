import { pageEvents } from '../../db/schema/index.js';
import { newId } from '../../platform/crypto.js';
import type { TenantTx } from '../../platform/tenant-tx.js';
import type { PageRow } from './paging.dto.js';

/** Appends a step to a page's timeline. */
export async function addPageEvent(
  tx: TenantTx,
  page: Pick<PageRow, 'organizationId' | 'id'>,
  event: { type: string; memberId?: string | null; channel?: string | null; detail?: string | null; at: Date },
): Promise<void> {
  await tx.insert(pageEvents).values({
    organizationId: page.organizationId,
    id: newId(),
    pageId: page.id,
    type: event.type,
    memberId: event.memberId ?? null,
    channel: event.channel ?? null,
    detail: event.detail ?? null,
    at: event.at,
  });
}
