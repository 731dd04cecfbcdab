import { ehrSyncRunsQuery, epicIntegrationBody, epicTestResult, saveSettingsBody, SETTINGS_ACCESS } from '@clinic/domain';
import {
  epicResponse,
  epicSmartResponse,
  epicSyncResponse,
  epicSyncRunsResponse,
  orgInfoResponse,
  preferenceSettingsResponse,
  profileSettingsResponse,
  saveSettingsResponse,
  securitySettingsResponse,
} from '@clinic/domain/contracts/settings-replies';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appOrigin, type LinkConfig } from '../../platform/links.js';
import type { OutboundPolicy } from '../../platform/outbound.js';
import { defineRoute } from '../../platform/route/index.js';
import { epicSmartDetails, rotateEpicKey, saveEpic, testEpic } from './epic.service.js';
import { epicJwksPath, listEhrSyncRuns, requestEhrSync, type EhrReach, type SmartTokenCache } from '../integrations/index.js';
import { loadSettings, orgInfo, saveAccountNames, saveSettings } from './settings.service.js';

const scope = 'organization' as const;

/** What the settings routes need besides the database: the EHR's reach and the sync worker, and where links point. */
export interface SettingsRouteOptions {
  /** What outbound requests may reach (`OUTBOUND_ALLOW`). */
  outbound: OutboundPolicy;
  /** Where the JWKS URL shown to the Admin points (`PUBLIC_URL`, else the request's origin outside production). */
  links: LinkConfig;
  /** The instance's SMART access tokens, and the Sync Patients worker to wake when a run is queued. */
  ehrSync: { tokens: SmartTokenCache; wake(): void };
}

/**
 * A member's own settings: the four reads the settings screen makes together, the save
 * (a part, merged), and the organization's Epic EHR connection (Admins): its Test Connection,
 * SMART Backend Services keys and JWKS URL, and Sync Patients, queued for the background worker.
 * The EHR is reached through the outbound guard with the deployment's policy (`OUTBOUND_ALLOW`).
 */
export async function settingsRoutes(app: FastifyInstance, opts: SettingsRouteOptions) {
  const view = SETTINGS_ACCESS.view;
  const reach = (request: FastifyRequest): EhrReach => ({ policy: opts.outbound, log: request.log, tokens: opts.ehrSync.tokens });
  /** The absolute JWKS URL to register in Epic; null in production without PUBLIC_URL (no trusted origin to name). */
  const jwksUrl = (request: FastifyRequest, organizationId: string): string | null => {
    try {
      return `${appOrigin(opts.links, request)}${epicJwksPath(organizationId)}`;
    } catch {
      return null;
    }
  };
  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/user/profile',
      summary: 'Your profile settings',
      access: view,
      scope,
      reply: profileSettingsResponse,
    },
    async (ctx) => ({
      success: true,
      profile: (await loadSettings(ctx)).profile,
    }),
  );
  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/user/preferences',
      summary: 'Your preferences, notifications, appearance and performance',
      access: view,
      scope,
      reply: preferenceSettingsResponse,
    },
    async (ctx) => {
      const s = await loadSettings(ctx);
      return { success: true, preferences: s.preferences, notifications: s.notifications, appearance: s.appearance, system: s.system };
    },
  );
  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/user/security',
      summary: 'Your security settings',
      access: view,
      scope,
      reply: securitySettingsResponse,
    },
    async (ctx) => ({
      success: true,
      security: (await loadSettings(ctx)).security,
    }),
  );
  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/org/info',
      summary: 'The organization as the settings screen shows it',
      access: view,
      scope,
      reply: orgInfoResponse,
    },
    async (ctx) => ({
      success: true,
      organization: await orgInfo(ctx),
    }),
  );
  defineRoute(
    app,
    {
      caller: 'session',
      tenant: 'on-demand',
      method: 'POST',
      url: '/api/settings',
      summary: 'Save a part of your settings (merged)',
      access: view,
      scope,
      body: saveSettingsBody,
      objectBody: true,
      reply: saveSettingsResponse,
    },
    async (ctx, { body }) => {
      const saved = await ctx.tenantTx((t) => saveSettings(t, body.settings));
      if (saved.names) await saveAccountNames(ctx.db, ctx.actor.userId, saved.names);
      return { success: true, settings: saved.settings };
    },
  );
  defineRoute(
    app,
    {
      caller: 'session',
      method: 'PUT',
      url: '/api/settings/integrations/epic',
      summary: "Save the organization's Epic EHR connection",
      access: SETTINGS_ACCESS.integrations,
      scope,
      body: epicIntegrationBody,
      objectBody: true,
      reply: epicResponse,
    },
    async (ctx, { body }) => ({ success: true, epic: await saveEpic(ctx, body) }),
  );
  defineRoute(
    app,
    {
      caller: 'session',
      tenant: 'on-demand',
      method: 'POST',
      url: '/api/settings/integrations/epic/test',
      summary: "Test Connection: read the Epic FHIR server's CapabilityStatement, and sign in over SMART Backend Services",
      access: SETTINGS_ACCESS.integrations,
      scope,
      reply: epicTestResult,
    },
    async (ctx, _input, request) => ({ success: true, ...(await testEpic(ctx, reach(request))) }),
  );
  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/settings/integrations/epic/smart',
      summary: 'SMART Backend Services: the JWKS URL to register in Epic, and the signing keys',
      access: SETTINGS_ACCESS.integrations,
      scope,
      reply: epicSmartResponse,
    },
    async (ctx, _input, request) => ({ success: true, ...(await epicSmartDetails(ctx, jwksUrl(request, ctx.tenant.organizationId))) }),
  );
  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/settings/integrations/epic/smart/rotate-key',
      summary: 'Rotate key: sign with a new key; the old one stays published for an hour',
      access: SETTINGS_ACCESS.integrations,
      scope,
      reply: epicSmartResponse,
    },
    async (ctx, _input, request) => ({ success: true, ...(await rotateEpicKey(ctx, jwksUrl(request, ctx.tenant.organizationId))) }),
  );
  defineRoute(
    app,
    {
      caller: 'session',
      tenant: 'on-demand',
      method: 'POST',
      url: '/api/settings/integrations/epic/sync',
      summary: "Sync Patients: queue an import of the Epic EHR's Patients (or join the open one)",
      access: SETTINGS_ACCESS.integrations,
      scope,
      status: 202,
      reply: epicSyncResponse,
    },
    async (ctx) => {
      const { run } = await ctx.tenantTx((t) => requestEhrSync(t));
      // After the commit: the worker's lookup now finds the run.
      opts.ehrSync.wake();
      return { success: true, run };
    },
  );
  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/settings/integrations/epic/sync-runs',
      summary: 'Sync Patients runs, newest first: progress, then summary or error',
      access: SETTINGS_ACCESS.integrations,
      scope,
      query: ehrSyncRunsQuery,
      reply: epicSyncRunsResponse,
    },
    async (ctx, { query }) => ({ success: true, ...(await listEhrSyncRuns(ctx, query.limit)) }),
  );
}
