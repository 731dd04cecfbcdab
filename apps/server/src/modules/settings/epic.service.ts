import { DEFAULT_EPIC_INTEGRATION, epicIntegration, type EpicIntegration, type EpicTestResult } from '@clinic/domain';
import type { TenantAccountRouteContext, TenantRouteContext } from '../../platform/route/index.js';
import { checkIntegration, saveIntegrationCredential, type FhirReach } from '../integrations/index.js';
import { organizationSettingAt, saveOrganizationSettingAt } from '../organizations/index.js';

/** Where the organization's settings keep the Epic connection. */
const EPIC_PATH = ['integrations', 'epic'];

type EpicChange = Partial<Omit<EpicIntegration, 'lastSync'>> & { bearerToken?: string | null };

/** The organization's Epic EHR connection, as saved (read under the request's lock). */
async function currentEpic(ctx: TenantRouteContext, lock = true): Promise<EpicIntegration> {
  const epic = await organizationSettingAt(ctx.tx, ctx.tenant.organizationId, EPIC_PATH, { forUpdate: lock });
  const parsed = epicIntegration.partial().safeParse(epic ?? {});
  return { ...DEFAULT_EPIC_INTEGRATION, ...(parsed.success ? parsed.data : {}) };
}

/**
 * Saves the Epic EHR connection into the organization's settings (`integrations.epic`), leaving
 * every other setting and integration as it was.
 */
export async function saveEpic(ctx: TenantRouteContext, { bearerToken, ...change }: EpicChange): Promise<EpicIntegration> {
  const next = epicIntegration.parse({ ...(await currentEpic(ctx)), ...change });
  if (bearerToken !== undefined) await saveIntegrationCredential(ctx, 'epic', bearerToken);
  await saveOrganizationSettingAt(ctx.tx, ctx.tenant.organizationId, EPIC_PATH, next, { updatedAt: new Date() });
  await ctx.audit(
    'organization.integration-updated',
    { type: 'organization', id: ctx.tenant.organizationId },
    {
      integration: 'epic',
      enabled: next.enabled,
      environment: next.environment,
      baseUrl: next.baseUrl,
    },
  );
  return next;
}

/**
 * Test Connection: `GET {baseUrl}/metadata` of the saved connection, from the server, recorded as
 * a check of the Epic integration (the emergency room's Integrations tab shows it). The probe (up
 * to 5 s) runs between two short transactions, never inside one.
 */
export async function testEpic(ctx: TenantAccountRouteContext, reach: FhirReach): Promise<Omit<EpicTestResult, 'success'>> {
  return checkIntegration(ctx, 'epic', reach);
}
