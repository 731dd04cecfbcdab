import {
  archivedPatientResponse,
  idSchema,
  PATIENTS_ACCESS,
  patientBody,
  patientListQuery,
  patientListResponse,
  patientPlacementBody,
  patientResponse,
  patientStatsResponse,
  placementResponse,
  visitBody,
  visitListQuery,
  visitListResponse,
  visitResponse,
} from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute, JsonAnswer } from '../../platform/route/index.js';
import { archivePatient, createPatient, dischargePatient, getPatient, patientStats, reactivatePatient, updatePatient } from './patients.service.js';
import { listPatients } from './patient-directory-page.js';
import { getPlacement, updatePlacement } from './patient-placement.js';
import { addVisit, listVisits } from './visits.service.js';

const idParams = z.object({ id: idSchema });
const access = PATIENTS_ACCESS.manage;

/**
 * The patient directory (`/api/patients`) and the spec's names for the same handlers
 * (`/api/triage/patients`: GET list, POST create, PUT update).
 */
export async function patientRoutes(app: FastifyInstance) {
  const listed = [
    ['/api/patients', 'List patients (search, status, sort, paging)'],
    ['/api/triage/patients', 'List patients (the spec name of GET /api/patients)'],
  ] as const;
  for (const [url, summary] of listed) {
    defineRoute(
      app,
      { caller: 'session', method: 'GET', url, summary, access, query: patientListQuery, reply: patientListResponse },
      async (ctx, { query }) => {
        const { patients, ...page } = await listPatients(ctx, query);
        return new JsonAnswer({ success: true, ...page }, { patients });
      },
    );
  }

  const created = [
    ['/api/patients', 'Create a patient'],
    ['/api/triage/patients', 'Create a patient (the spec name; phone as phoneNumber)'],
  ] as const;
  for (const [url, summary] of created) {
    defineRoute(
      app,
      { caller: 'session', method: 'POST', url, summary, access, body: patientBody, reply: patientResponse, status: 201 },
      async (ctx, { body }) => ({
        success: true,
        patient: await createPatient(ctx, body),
      }),
    );
  }

  const updated = [
    ['/api/patients/:id', 'Update a patient'],
    ['/api/triage/patients/:id', 'Update a patient (the spec name)'],
  ] as const;
  for (const [url, summary] of updated) {
    defineRoute(
      app,
      { caller: 'session', method: 'PUT', url, summary, access, params: idParams, body: patientBody, reply: patientResponse },
      async (ctx, { params, body }) => ({
        success: true,
        patient: await updatePatient(ctx, params.id, body),
      }),
    );
  }

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/patients/stats/overview',
      summary: 'Patient counts: total, by status, new this month',
      access,
      reply: patientStatsResponse,
    },
    async (ctx) => ({ success: true, stats: await patientStats(ctx) }),
  );

  defineRoute(
    app,
    { caller: 'session', method: 'GET', url: '/api/patients/:id', summary: 'One patient', access, params: idParams, reply: patientResponse },
    async (ctx, { params }) => new JsonAnswer({ success: true }, { patient: await getPatient(ctx, params.id) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'DELETE',
      reply: archivedPatientResponse,
      url: '/api/patients/:id',
      summary: 'Archive a patient (kept, never erased)',
      access: PATIENTS_ACCESS.archive,
      params: idParams,
    },
    async (ctx, { params }) => ({ success: true, archived: true, patient: await archivePatient(ctx, params.id) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/patients/:id/discharge',
      summary: 'Discharge a patient',
      access,
      params: idParams,
      reply: patientResponse,
    },
    async (ctx, { params }) => ({ success: true, patient: await dischargePatient(ctx, params.id) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      reply: patientResponse,
      url: '/api/patients/:id/reactivate',
      summary: 'Make a discharged or inactive patient active',
      access,
      params: idParams,
    },
    async (ctx, { params }) => ({ success: true, patient: await reactivatePatient(ctx, params.id) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      reply: visitListResponse,
      url: '/api/patients/:id/visits',
      summary: "A patient's visits, newest first, with counts",
      access,
      params: idParams,
      query: visitListQuery,
    },
    async (ctx, { params, query }) => ({ success: true, ...(await listVisits(ctx, params.id, query)) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      reply: visitResponse,
      url: '/api/patients/:id/visits',
      summary: 'Record a visit',
      access,
      params: idParams,
      body: visitBody,
      status: 201,
    },
    async (ctx, { params, body }) => ({ success: true, visit: await addVisit(ctx, params.id, body) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      reply: placementResponse,
      url: '/api/patients/:id/placement',
      summary: "A patient's department, floor and room, and their facility-directory opt-out",
      access,
      params: idParams,
    },
    async (ctx, { params }) => ({ success: true, placement: await getPlacement(ctx, params.id) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'PUT',
      reply: placementResponse,
      url: '/api/patients/:id/placement',
      summary: "Set an admitted patient's department, floor and room, and their facility-directory opt-out",
      access,
      params: idParams,
      body: patientPlacementBody,
      objectBody: true,
    },
    async (ctx, { params, body }) => ({ success: true, placement: await updatePlacement(ctx, params.id, body) }),
  );
}
