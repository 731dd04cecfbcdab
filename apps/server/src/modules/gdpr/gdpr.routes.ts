import {
  GDPR_ACCESS,
  completeRightsRequestBody,
  complianceResponse,
  consentListResponse,
  consentResponse,
  erasureResponse,
  patientAuditLogResponse,
  patientExportResponse,
  rightsRequestListResponse,
  rightsRequestResponse,
  consentBody,
  consentListQuery,
  eraseBody,
  idSchema,
  patientAuditLogQuery,
  patientExportQuery,
  rightsRequestBody,
  rightsRequestListQuery,
} from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../platform/route/index.js';
import type { LinkConfig } from '../../platform/links.js';
import { fhirBaseUrl } from '../fhir/index.js';
import { complianceSummary, patientAccessLog } from './compliance.service.js';
import { listConsents, recordConsent, withdrawConsent } from './consents.service.js';
import { erasePatient } from './erasure.service.js';
import { exportPatientRecord } from './export.service.js';
import { completeRightsRequest, createRightsRequest, listRightsRequests } from './rights-requests.service.js';

const idParams = z.object({ id: idSchema });
const { manage, administer } = GDPR_ACCESS;

/**
 * Patients' rights (`/api/gdpr/…`): rights requests and their 30-day answers, consents,
 * the erasure that restricts and pseudonymises inside the retention period, the compliance summary
 * a patient's access history, and the export of a patient's record as a FHIR Bundle (built by the FHIR module).
 */
export async function gdprRoutes(app: FastifyInstance, opts: { links: LinkConfig }) {
  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/gdpr/rights-request',
      reply: rightsRequestResponse,
      summary: "Record a patient's rights request (due 30 days after it is received)",
      access: manage,
      body: rightsRequestBody,
      status: 201,
    },
    async (ctx, { body }) => ({ success: true, request: await createRightsRequest(ctx, body) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/gdpr/requests',
      reply: rightsRequestListResponse,
      summary: 'Rights requests with their status, due date, days left and overdue flag',
      access: manage,
      query: rightsRequestListQuery,
    },
    async (ctx, { query }) => ({ success: true, ...(await listRightsRequests(ctx, query)) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/gdpr/requests/:id/complete',
      reply: rightsRequestResponse,
      summary: 'Complete or reject an open rights request, recording who and how',
      access: administer,
      params: idParams,
      body: completeRightsRequestBody,
    },
    async (ctx, { params, body }) => ({ success: true, request: await completeRightsRequest(ctx, params.id, body) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/gdpr/erase',
      reply: erasureResponse,
      summary: "Erase a patient's contact details and restrict processing; medical records are kept for the retention period",
      access: administer,
      body: eraseBody,
    },
    async (ctx, { body }) => {
      const erasure = await erasePatient(ctx, body);
      return { success: true, erasure, message: erasure.message };
    },
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/gdpr/consent',
      reply: consentResponse,
      summary: "Record a patient's consent for a purpose",
      access: manage,
      body: consentBody,
      status: 201,
    },
    async (ctx, { body }) => ({ success: true, consent: await recordConsent(ctx, body) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/gdpr/consents',
      reply: consentListResponse,
      summary: "A patient's consents, withdrawn ones included",
      access: manage,
      query: consentListQuery,
    },
    async (ctx, { query }) => ({ success: true, consents: await listConsents(ctx, query.patientId) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/gdpr/consent/:id/withdraw',
      summary: 'Withdraw a consent',
      access: manage,
      params: idParams,
      reply: consentResponse,
    },
    async (ctx, { params }) => ({ success: true, consent: await withdrawConsent(ctx, params.id) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/gdpr/compliance',
      reply: complianceResponse,
      summary: 'Open and overdue rights requests, and active consents by purpose',
      access: manage,
    },
    async (ctx) => ({ success: true, compliance: await complianceSummary(ctx) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/gdpr/audit-logs',
      reply: patientAuditLogResponse,
      summary: "A patient's access history: who read or changed the record, when (the accounting of disclosures)",
      access: administer,
      query: patientAuditLogQuery,
    },
    async (ctx, { query }) => ({ success: true, ...(await patientAccessLog(ctx, query)) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/gdpr/export',
      reply: patientExportResponse,
      summary: "The right of access: the patient's record (Patient, Encounters, vital-sign Observations) as a FHIR R4 Bundle",
      access: manage,
      query: patientExportQuery,
    },
    async (ctx, { query }, request) => exportPatientRecord(ctx, query.patientId, fhirBaseUrl(opts.links, request)),
  );
}
