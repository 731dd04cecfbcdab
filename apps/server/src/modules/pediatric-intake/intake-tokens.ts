import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { intakeTokens, pediatricIntakes } from '../../db/schema/index.js';
import { hashToken, newToken } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import type { RouteContext, RouteActor, RouteTenant } from '../../platform/route/index.js';

/** How long an intake's token authorises its enrol and queue calls. */
export const INTAKE_TOKEN_MINUTES = 30;

/** The calls an intake token authorises, each at most once. */
export type IntakeTokenUse = 'enroll' | 'queue';

/**
 * One answer for every refusal (no token, a forged, expired or spent one, another chart, another
 * trial): a 404 that says nothing of whether the chart, the trial or an enrolment exists.
 */
const refused = () => new AppError('not-found', 'Not found');

/** Issues the token of a new intake: random, stored as a hash, valid for {@link INTAKE_TOKEN_MINUTES} minutes. */
export async function issueIntakeToken(
  ctx: RouteContext<RouteTenant, RouteActor>,
  intake: { id: string; patientId: string },
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + INTAKE_TOKEN_MINUTES * 60_000);
  await ctx.tx.insert(intakeTokens).values({
    organizationId: ctx.tenant.organizationId,
    tokenHash: hashToken(token),
    intakeId: intake.id,
    patientId: intake.patientId,
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * Spends the token's `use` for `patientId`, the chart its own intake made, and for an enrolment
 * `trialId`, the trial its own intake named: one conditional update, so a forged, expired or
 * another chart's or trial's token, or a second call of the same use (even simultaneous), is
 * refused with one generic 404. The use rolls back with the request when the call itself fails,
 * so a refused enrolment may be tried again with the same token.
 */
export async function consumeIntakeToken(
  ctx: RouteContext<RouteTenant, RouteActor>,
  token: string | undefined,
  patientId: string,
  use: IntakeTokenUse,
  trialId?: string,
): Promise<{ intakeId: string }> {
  if (!token || token.length > 200) throw refused();
  const column = use === 'enroll' ? intakeTokens.enrollUsedAt : intakeTokens.queueUsedAt;
  const [row] = await ctx.tx
    .update(intakeTokens)
    .set(use === 'enroll' ? { enrollUsedAt: sql`now()` } : { queueUsedAt: sql`now()` })
    .where(
      and(
        eq(intakeTokens.organizationId, ctx.tenant.organizationId),
        eq(intakeTokens.tokenHash, hashToken(token)),
        eq(intakeTokens.patientId, patientId),
        gt(intakeTokens.expiresAt, sql`now()`),
        isNull(column),
        ...(use === 'enroll' ? [namesTrial(ctx.tenant.organizationId, trialId)] : []),
      ),
    )
    .returning({ intakeId: intakeTokens.intakeId });
  if (!row) throw refused();
  return row;
}

/** The token's intake named `trialId` (an enrolment's token is for that trial only). */
const namesTrial = (organizationId: string, trialId: string | undefined) =>
  sql`exists (select 1 from ${pediatricIntakes} i where i.organization_id = ${organizationId} and i.id = ${intakeTokens.intakeId} and i.trial_id = ${trialId ?? null})`;
