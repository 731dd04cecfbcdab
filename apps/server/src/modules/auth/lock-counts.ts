import { auditActionCounts, auditBurstEmailCount } from '../../platform/audit-readers.js';
import type { TenantTx } from '../../platform/route/index.js';
import { FAILURE_WINDOW_MS, MAX_FAILURES_PER_EMAIL } from './sign-in-locks.js';

/**
 * The organization's failed sign-ins since `since` and the accounts whose failures reached the
 * sign-in lock then (`MAX_FAILURES_PER_EMAIL` within `FAILURE_WINDOW_MS`), read from the
 * `auth.sign-in-failed` rows the sign-in writes to the audit trail in the account's organization.
 */
export async function signInFailureCounts(tx: TenantTx, organizationId: string, since: Date) {
  const action = 'auth.sign-in-failed';
  const [failed] = await auditActionCounts(tx, organizationId, [action], since);
  const lockedAccounts = await auditBurstEmailCount(
    tx,
    organizationId,
    action,
    { failures: MAX_FAILURES_PER_EMAIL, windowMinutes: FAILURE_WINDOW_MS / 60_000 },
    since,
  );
  return { failedSignIns: Number(failed?.n ?? 0), lockedAccounts };
}
