import { createHmac, randomBytes } from 'node:crypto';
import { openSecret, sealSecret } from '../../platform/secret-box.js';
import type { TenantTx } from '../../platform/tenant-tx.js';
import { organizationSettingAt, saveOrganizationSettingAt } from '../organizations/index.js';

/**
 * The secret an organization's paging webhook deliveries are signed with: made when a webhook
 * address is first saved (or by the delivery worker, if none exists yet), kept sealed in the
 * organization's settings under {@link SIGNING_SECRET_SETTING}, shown to Admins in the Paging
 * settings so the receiving gateway can check each delivery.
 */
export const SIGNING_SECRET_SETTING = 'pagingWebhookSecret';

const place = (organizationId: string) => `organization:${organizationId}:paging-webhook`;

/** A new secret, sealed for the organization's settings. */
export function newSealedSigningSecret(organizationId: string): string {
  return sealSecret(`whsec_${randomBytes(32).toString('hex')}`, place(organizationId));
}

/** The secret the settings hold, or null when none was made yet. */
export function signingSecretOf(settings: unknown, organizationId: string): string | null {
  const stored = settings && typeof settings === 'object' ? (settings as Record<string, unknown>)[SIGNING_SECRET_SETTING] : null;
  return typeof stored === 'string' && stored ? openSecret(stored, place(organizationId)) : null;
}

/** The organization's secret, made and saved (under the row's lock) when it has none. */
export async function ensureSigningSecret(tx: TenantTx, organizationId: string): Promise<string> {
  const stored = await organizationSettingAt(tx, organizationId, [SIGNING_SECRET_SETTING], { forUpdate: true });
  if (typeof stored === 'string' && stored) return openSecret(stored, place(organizationId));
  const sealed = newSealedSigningSecret(organizationId);
  await saveOrganizationSettingAt(tx, organizationId, [SIGNING_SECRET_SETTING], sealed);
  return openSecret(sealed, place(organizationId));
}

/**
 * The headers of a signed delivery: `X-ClinicFlow-Signature` is `sha256=` and the hex
 * HMAC-SHA256, under the secret, of `<timestamp>.<body>`, where the timestamp is
 * `X-ClinicFlow-Timestamp` (Unix seconds). A receiver recomputes it over the raw body, compares in
 * constant time and refuses a timestamp more than a few minutes away from its clock.
 */
export function signatureHeaders(secret: string, body: string, now: Date): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return { 'x-clinicflow-timestamp': timestamp, 'x-clinicflow-signature': `sha256=${signature}` };
}
