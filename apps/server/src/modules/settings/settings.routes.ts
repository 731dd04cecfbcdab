import { epicIntegrationBody, epicTestResult, saveSettingsBody, SETTINGS_ACCESS } from '@clinic/domain';
import {
  epicResponse,
  epicSyncResponse,
  orgInfoResponse,
  preferenceSettingsResponse,
  profileSettingsResponse,
  saveSettingsResponse,
  securitySettingsResponse,
} from '@clinic/domain/contracts/settings-replies';
import type { FastifyInstance } from 'fastify';
import type { OutboundPolicy } from '../../platform/outbound.js';
import { defineRoute } from '../../platform/route/index.js';
import { saveEpic, testEpic } from './epic.service.js';
import { syncEhrPatients } from '../integrations/index.js';
import { loadSettings, orgInfo, saveAccountNames, saveSettings } from './settings.service.js';

const scope = 'organization' as const;

/**
 * A member's own settings: the four reads the settings screen makes together, the save
 * (a part, merged), and the organization's Epic EHR connection with its Test Connection (Admins).
 * The EHR is reached through the outbound guard with the deployment's policy (`OUTBOUND_ALLOW`).
 */
export async function settingsRoutes(app: FastifyInstance, opts: { outbound: OutboundPolicy }) {
  const view = SETTINGS_ACCESS.view;
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
      summary: "Test Connection: read the Epic FHIR server's CapabilityStatement",
      access: SETTINGS_ACCESS.integrations,
      scope,
      reply: epicTestResult,
    },
    async (ctx, _input, request) => ({ success: true, ...(await testEpic(ctx, { policy: opts.outbound, log: request.log })) }),
  );
  defineRoute(
    app,
    {
      caller: 'session',
      tenant: 'on-demand',
      method: 'POST',
      url: '/api/settings/integrations/epic/sync',
      summary: "Sync Patients: import the Epic EHR's Patients into the directory",
      access: SETTINGS_ACCESS.integrations,
      scope,
      reply: epicSyncResponse,
    },
    async (ctx, _input, request) => ({ success: true, summary: await syncEhrPatients(ctx, { policy: opts.outbound, log: request.log }) }),
  );
}
