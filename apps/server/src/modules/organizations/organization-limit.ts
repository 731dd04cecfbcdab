import type { AccountRouteContext } from '../../platform/route/index.js';
import { takeHit, type SharedLimit } from '../../platform/shared-limit.js';

/** Organizations one address may create per hour. */
export const ORGANIZATIONS_PER_ADDRESS_PER_HOUR = 20;
/**
 * Organizations created per hour by everyone together. Each starts a 30-day trial and a clinic;
 * genuine new customers arrive a few a day, so 200 leaves a wide margin for a launch day while
 * bounding what a flood from many addresses can create (and needs 10 addresses to reach).
 */
export const ORGANIZATIONS_PER_HOUR_OVERALL = 200;

const ORGANIZATION_LIMIT: SharedLimit = {
  scope: 'organization',
  perKey: ORGANIZATIONS_PER_ADDRESS_PER_HOUR,
  overall: ORGANIZATIONS_PER_HOUR_OVERALL,
  windowMs: 60 * 60_000,
};

/** Counts one organization creation from the caller's address; 429 `request/rate-limited` past the limits. */
export function countOrganizationCreation({ db, actor }: AccountRouteContext): Promise<void> {
  return takeHit(db, ORGANIZATION_LIMIT, actor.ip, 'Too many organizations were created from your network. Please try again later.');
}
