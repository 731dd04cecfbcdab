import {
  EMERGENCY_ACCESS,
  alertActionBody,
  alertBody,
  alertResponse,
  emergencyDashboardResponse,
  emergencySectionResponses,
  entryDetailsResponse,
  facilityBody,
  facilityResponse,
  idSchema,
  integrationsResponse,
  massCasualtyBody,
  massCasualtyEventResponse,
  massCasualtyPatchBody,
  massCasualtyPatientBody,
  protocolBody,
  protocolResponse,
} from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OutboundPolicy } from '../../platform/outbound.js';
import { defineRoute } from '../../platform/route/index.js';
import { checkConfiguredIntegrations } from '../integrations/index.js';
import { changeAlert, raiseAlert } from './alerts.service.js';
import { updateEntryDetails, updateFacility } from './board.service.js';
import { emergencyDashboard, emergencySection } from './dashboard.service.js';
import { declareMassCasualty, tagMassCasualtyPatient, updateMassCasualty } from './mass-casualty.service.js';
import { createProtocol, updateProtocol } from './protocols.service.js';

const BASE = '/api/emergency-dashboard';
const idParams = z.object({ id: idSchema });
const access = EMERGENCY_ACCESS.view;

/** The section reloads (spec section 7): path, section, summary. */
const SECTIONS = [
  ['alerts', 'alerts', 'Alerts: every unresolved one and those resolved today'],
  ['patients/high-risk', 'high-risk', 'Open entries at risk level HIGH or CRITICAL'],
  ['protocols', 'protocols', "The organization's emergency protocols with their steps"],
  ['vitals', 'vitals', 'Vital signs records of the open entries, with trends'],
  ['risk-assessments', 'risk-assessments', 'Stored risk assessments (TRIAGE, KIOSK, VITALS, MANUAL)'],
  ['pediatric', 'pediatric', 'Open entries of patients under 18'],
  ['mass-casualty', 'mass-casualty', 'Mass-casualty events with their triage counts'],
  ['metrics', 'metrics', "Today's emergency metrics (clinic-local day)"],
  ['integrations', 'integrations', "Status of the organization's integrations"],
] as const;

/** A staff note on an entry: weight (kg) and whether a parent or guardian is present. */
const entryDetailsBody = z.object({
  parentPresent: z.boolean().nullish(),
  weight: z.number().min(0.2).max(500).nullish(),
});

/**
 * The emergency room dashboard (`/api/emergency-dashboard/…`); its connection checks
 * reach the integrations through the outbound guard with the deployment's policy.
 */
export async function emergencyRoutes(app: FastifyInstance, opts: { outbound: OutboundPolicy }) {
  for (const [path, section, summary] of SECTIONS) {
    defineRoute(
      app,
      { caller: 'session', method: 'GET', url: `${BASE}/${path}`, summary, access, reply: emergencySectionResponses[path] },
      async (ctx) => ({ success: true, ...(await emergencySection(ctx, section)) }),
    );
  }

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: `${BASE}/dashboard`,
      summary: 'The whole emergency room dashboard, read in one transaction',
      access,
      reply: emergencyDashboardResponse,
    },
    async (ctx) => ({ success: true, data: await emergencyDashboard(ctx) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      tenant: 'on-demand',
      method: 'POST',
      url: `${BASE}/integrations/check`,
      summary: "Check connections: read each configured integration's CapabilityStatement, then answer the statuses",
      access,
      reply: integrationsResponse,
    },
    async (ctx, _input, request) => ({
      success: true,
      integrations: await checkConfiguredIntegrations(ctx, { policy: opts.outbound, log: request.log }),
    }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: `${BASE}/alerts`,
      summary: 'Raise an alert by hand',
      access,
      body: alertBody,
      reply: alertResponse,
      status: 201,
    },
    async (ctx, { body }) => ({ success: true, alert: await raiseAlert(ctx, body) }),
  );
  for (const action of ['acknowledge', 'resolve'] as const) {
    defineRoute(
      app,
      {
        caller: 'session',
        method: 'POST',
        url: `${BASE}/alerts/:id/${action}`,
        summary: action === 'acknowledge' ? 'Acknowledge an ACTIVE alert' : 'Resolve an ACTIVE or ACKNOWLEDGED alert',
        access,
        params: idParams,
        body: alertActionBody,
        reply: alertResponse,
        objectBody: true,
      },
      async (ctx, { params, body }) => ({ success: true, alert: await changeAlert(ctx, params.id, action, body) }),
    );
  }

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: `${BASE}/mass-casualty`,
      summary: 'Declare a mass-casualty event',
      access,
      body: massCasualtyBody,
      reply: massCasualtyEventResponse,
      status: 201,
    },
    async (ctx, { body }) => ({ success: true, event: await declareMassCasualty(ctx, body) }),
  );
  defineRoute(
    app,
    {
      caller: 'session',
      method: 'PATCH',
      url: `${BASE}/mass-casualty/:id`,
      summary: 'Update or close a mass-casualty event',
      access,
      params: idParams,
      body: massCasualtyPatchBody,
      reply: massCasualtyEventResponse,
      objectBody: true,
    },
    async (ctx, { params, body }) => ({ success: true, event: await updateMassCasualty(ctx, params.id, body) }),
  );
  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: `${BASE}/mass-casualty/:id/patients`,
      summary: 'Tag a patient to a mass-casualty event with a START colour',
      access,
      params: idParams,
      body: massCasualtyPatientBody,
      reply: massCasualtyEventResponse,
    },
    async (ctx, { params, body }) => ({ success: true, event: await tagMassCasualtyPatient(ctx, params.id, body) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: `${BASE}/protocols`,
      summary: 'Add a protocol (Admin)',
      access: EMERGENCY_ACCESS.protocols,
      body: protocolBody,
      reply: protocolResponse,
      status: 201,
    },
    async (ctx, { body }) => ({ success: true, protocol: await createProtocol(ctx, body) }),
  );
  defineRoute(
    app,
    {
      caller: 'session',
      method: 'PUT',
      url: `${BASE}/protocols/:id`,
      summary: 'Replace a protocol and its steps (Admin)',
      access: EMERGENCY_ACCESS.protocols,
      params: idParams,
      body: protocolBody,
      reply: protocolResponse,
    },
    async (ctx, { params, body }) => ({ success: true, protocol: await updateProtocol(ctx, params.id, body) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'PUT',
      url: `${BASE}/facility`,
      summary: "The clinic's emergency level, facility id and bed count (Admin)",
      access: EMERGENCY_ACCESS.facility,
      body: facilityBody,
      reply: facilityResponse,
      objectBody: true,
    },
    async (ctx, { body }) => ({ success: true, facility: await updateFacility(ctx, body) }),
  );
  defineRoute(
    app,
    {
      caller: 'session',
      method: 'PUT',
      url: `${BASE}/patients/:id/details`,
      summary: "Record an open entry's weight and whether a parent or guardian is present",
      access,
      params: idParams,
      body: entryDetailsBody,
      reply: entryDetailsResponse,
      objectBody: true,
    },
    async (ctx, { params, body }) => ({ success: true, details: await updateEntryDetails(ctx, params.id, body) }),
  );
}
