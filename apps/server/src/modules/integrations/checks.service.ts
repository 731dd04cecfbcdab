import {
  INTEGRATION_RECHECK_SECONDS,
  INTEGRATION_UPTIME_DAYS,
  integrationStatus,
  integrationTargets,
  type CheckSummary,
  type IntegrationDto,
  type IntegrationId,
  type IntegrationSettingsView,
  type IntegrationTarget,
} from '@clinic/domain';
import { and, eq, gte, sql } from 'drizzle-orm';
import { integrationChecks } from '../../db/schema/index.js';
import { organizationSettingAt } from '../organizations/index.js';
import { newId } from '../../platform/crypto.js';
import type { TenantAccountRouteContext, TenantRouteContext } from '../../platform/route/index.js';
import type { TenantTx } from '../../platform/tenant-tx.js';
import { probeFhirServer, type FhirReach, type ProbeResult } from './fhir-client.js';

/** A connection check's outcome, as Test Connection reports it. */
export type CheckResult = ProbeResult;

/** The organization's integrations as its saved settings configure them now. */
export async function currentTargets(tx: TenantTx, organizationId: string): Promise<IntegrationTarget[]> {
  const integrations = (await organizationSettingAt(tx, organizationId, ['integrations'])) as IntegrationSettingsView | null;
  return integrationTargets(integrations ?? undefined);
}

/** Per integration and address: the newest check, the newest success, and the window's counts. */
async function checkSummaries(tx: TenantTx, organizationId: string, now: Date) {
  const c = integrationChecks;
  const since = new Date(now.getTime() - INTEGRATION_UPTIME_DAYS * 86_400_000);
  const rows = await tx
    .select({
      integration: c.integration,
      endpoint: c.endpoint,
      latestOk: sql<boolean>`(array_agg(${c.ok} order by ${c.checkedAt} desc))[1]`,
      latestError: sql<string | null>`(array_agg(${c.error} order by ${c.checkedAt} desc))[1]`,
      latestAt: sql<Date>`max(${c.checkedAt})`.mapWith(c.checkedAt),
      lastSuccessAt: sql<Date | null>`max(${c.checkedAt}) filter (where ${c.ok})`.mapWith(c.checkedAt),
      recentChecks: sql<number>`count(*) filter (where ${c.checkedAt} >= ${since.toISOString()})`.mapWith(Number),
      recentSuccesses: sql<number>`count(*) filter (where ${c.checkedAt} >= ${since.toISOString()} and ${c.ok})`.mapWith(Number),
    })
    .from(c)
    .where(eq(c.organizationId, organizationId))
    .groupBy(c.integration, c.endpoint);
  const summaries = new Map<string, CheckSummary>();
  for (const r of rows) {
    summaries.set(`${r.integration} ${r.endpoint}`, {
      latest: { ok: r.latestOk, error: r.latestError, checkedAt: r.latestAt },
      lastSuccessAt: r.lastSuccessAt,
      recentChecks: r.recentChecks,
      recentSuccesses: r.recentSuccesses,
    });
  }
  return summaries;
}

/**
 * Every integration's status from its real checks at its current address (the emergency room's
 * Integrations tab): nothing is CONNECTED that a check has not reached.
 */
export async function integrationStatuses({ tx, tenant }: Pick<TenantRouteContext, 'tx' | 'tenant'>, now = new Date()): Promise<IntegrationDto[]> {
  const targets = await currentTargets(tx, tenant.organizationId);
  const summaries = await checkSummaries(tx, tenant.organizationId, now);
  return targets.map((t) => integrationStatus(t, t.configured ? (summaries.get(`${t.id} ${t.endpoint}`) ?? null) : null));
}

/**
 * Signs in to the system after its CapabilityStatement was read (Test Connection of a SMART
 * connection): null when the sign-in worked, else why not.
 */
export type SignInCheck = () => Promise<string | null>;

/** Probes the targets at once (outside any transaction), then records each check and its audit row. */
async function runChecks(
  ctx: TenantAccountRouteContext,
  targets: IntegrationTarget[],
  reach: FhirReach,
  signIn?: SignInCheck,
): Promise<Map<IntegrationId, CheckResult>> {
  const results = await Promise.all(
    targets.map(async (target) => {
      const started = performance.now();
      let result = await probeFhirServer(target.endpoint, reach);
      const refused = result.ok && signIn ? await signIn() : null;
      if (refused) result = { ...result, ok: false, error: refused };
      return { target, result, durationMs: Math.round(performance.now() - started) };
    }),
  );
  if (results.length === 0) return new Map();
  await ctx.tenantTx(async (t) => {
    await t.tx.insert(integrationChecks).values(
      results.map(({ target, result, durationMs }) => ({
        organizationId: t.tenant.organizationId,
        id: newId(),
        integration: target.id,
        endpoint: target.endpoint,
        ok: result.ok,
        error: result.error,
        fhirVersion: result.fhirVersion,
        software: result.software,
        durationMs,
        checkedBy: ctx.actor.userId,
      })),
    );
    for (const { target, result } of results) {
      await t.audit(
        'organization.integration-tested',
        { type: 'organization', id: t.tenant.organizationId },
        { integration: target.id, baseUrl: target.endpoint, ok: result.ok, error: result.error },
      );
    }
  });
  return new Map(results.map(({ target, result }) => [target.id, result]));
}

/**
 * Test Connection of one integration: checks its saved address whether or not it is enabled yet
 * (an Admin tests before switching it on), then signs in when `signIn` is given, records the check
 * and reports what the server found.
 */
export async function checkIntegration(
  ctx: TenantAccountRouteContext,
  id: IntegrationId,
  reach: FhirReach,
  signIn?: SignInCheck,
): Promise<CheckResult> {
  const target = (await ctx.tenantTx((t) => currentTargets(t.tx, t.tenant.organizationId))).find((t) => t.id === id)!;
  if (!target.endpoint) return { ok: false, fhirVersion: null, software: null, error: 'Set the base URL first.' };
  return (await runChecks(ctx, [target], reach, signIn)).get(id)!;
}

/**
 * Check connections (the emergency room's Integrations tab): checks every configured integration,
 * except one checked at the same address in the last {@link INTEGRATION_RECHECK_SECONDS} seconds
 * (so repeated presses do not hammer the systems), and answers the statuses after.
 */
export async function checkConfiguredIntegrations(ctx: TenantAccountRouteContext, reach: FhirReach, now = new Date()): Promise<IntegrationDto[]> {
  const due = await ctx.tenantTx(async (t) => {
    const targets = (await currentTargets(t.tx, t.tenant.organizationId)).filter((target) => target.configured);
    const recent = await t.tx
      .selectDistinct({ integration: integrationChecks.integration, endpoint: integrationChecks.endpoint })
      .from(integrationChecks)
      .where(
        and(
          eq(integrationChecks.organizationId, t.tenant.organizationId),
          gte(integrationChecks.checkedAt, new Date(now.getTime() - INTEGRATION_RECHECK_SECONDS * 1000)),
        ),
      );
    return targets.filter((target) => !recent.some((r) => r.integration === target.id && r.endpoint === target.endpoint));
  });
  await runChecks(ctx, due, reach);
  return ctx.tenantTx((t) => integrationStatuses(t));
}
