import { idSchema, patientBody, patientListQuery, visitBody, visitListQuery } from '@clinic/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDb } from '../../db/client.js';
import { inTenant, userOf, type RouteAccess } from '../../platform/access.js';
import type { RouteContract } from '../../platform/openapi.js';
import { parse } from '../../platform/parse.js';
import {
  archivePatient,
  createPatient,
  dischargePatient,
  getPatient,
  listPatients,
  patientStats,
  reactivatePatient,
  updatePatient,
  type Actor,
} from './patients.service.js';
import { addVisit, listVisits } from './visits.service.js';

const MANAGE: RouteAccess = { tenant: true, permission: 'canManagePatients' };
/** Archiving takes a patient out of the directory: Admin or above, and the patients permission. */
const ADMINISTER: RouteAccess = { tenant: true, role: 'Admin', permission: 'canManagePatients' };

/** Route options: who may call, and the contract the API description shows. */
const manage = (contract: RouteContract, access: RouteAccess = MANAGE) => ({ config: { access, contract } });

const idParams = z.object({ id: idSchema });

const actorOf = (request: FastifyRequest): Actor => ({ userId: userOf(request).id, ip: request.ip });

/**
 * The patient directory (`/api/patients`) and the spec's names for the same handlers
 * (`/api/triage/patients`: GET list, POST create, PUT update).
 */
export async function patientRoutes(app: FastifyInstance, opts: { db: AppDb }) {
  const { db } = opts;

  const list = async (request: FastifyRequest) => {
    const query = parse(patientListQuery, request.query);
    const page = await inTenant(db, request, (tx, t) => listPatients(tx, t, actorOf(request), query));
    return { success: true, ...page };
  };

  const create = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = parse(patientBody, request.body);
    const patient = await inTenant(db, request, (tx, t) => createPatient(tx, t, actorOf(request), body));
    return reply.status(201).send({ success: true, patient });
  };

  const update = async (request: FastifyRequest) => {
    const { id } = parse(idParams, request.params);
    const body = parse(patientBody, request.body);
    const patient = await inTenant(db, request, (tx, t) => updatePatient(tx, t, actorOf(request), id, body));
    return { success: true, patient };
  };

  app.get('/api/patients', manage({ summary: 'List patients (search, status, sort, paging)', query: patientListQuery }), list);
  app.get('/api/triage/patients', manage({ summary: 'List patients (the spec name of GET /api/patients)', query: patientListQuery }), list);
  app.post('/api/patients', manage({ summary: 'Create a patient', body: patientBody }), create);
  app.post('/api/triage/patients', manage({ summary: 'Create a patient (the spec name; phone as phoneNumber)', body: patientBody }), create);
  app.put('/api/patients/:id', manage({ summary: 'Update a patient', body: patientBody }), update);
  app.put('/api/triage/patients/:id', manage({ summary: 'Update a patient (the spec name)', body: patientBody }), update);

  app.get('/api/patients/stats/overview', manage({ summary: 'Patient counts: total, by status, new this month' }), async (request) => {
    const stats = await inTenant(db, request, (tx, t) => patientStats(tx, t));
    return { success: true, stats };
  });

  app.get('/api/patients/:id', manage({ summary: 'One patient' }), async (request) => {
    const { id } = parse(idParams, request.params);
    const patient = await inTenant(db, request, (tx, t) => getPatient(tx, t, actorOf(request), id));
    return { success: true, patient };
  });

  app.delete('/api/patients/:id', manage({ summary: 'Archive a patient (kept, never erased)' }, ADMINISTER), async (request) => {
    const { id } = parse(idParams, request.params);
    const patient = await inTenant(db, request, (tx, t) => archivePatient(tx, t, actorOf(request), id));
    return { success: true, archived: true, patient };
  });

  app.post('/api/patients/:id/discharge', manage({ summary: 'Discharge a patient' }), async (request) => {
    const { id } = parse(idParams, request.params);
    const patient = await inTenant(db, request, (tx, t) => dischargePatient(tx, t, actorOf(request), id));
    return { success: true, patient };
  });

  app.post('/api/patients/:id/reactivate', manage({ summary: 'Make a discharged or inactive patient active' }), async (request) => {
    const { id } = parse(idParams, request.params);
    const patient = await inTenant(db, request, (tx, t) => reactivatePatient(tx, t, actorOf(request), id));
    return { success: true, patient };
  });

  app.get('/api/patients/:id/visits', manage({ summary: "A patient's visits, newest first, with counts", query: visitListQuery }), async (request) => {
    const { id } = parse(idParams, request.params);
    const page = parse(visitListQuery, request.query);
    const result = await inTenant(db, request, (tx, t) => listVisits(tx, t, actorOf(request), id, page));
    return { success: true, ...result };
  });

  app.post('/api/patients/:id/visits', manage({ summary: 'Record a visit', body: visitBody }), async (request, reply) => {
    const { id } = parse(idParams, request.params);
    const body = parse(visitBody, request.body);
    const visit = await inTenant(db, request, (tx, t) => addVisit(tx, t, actorOf(request), id, body));
    return reply.status(201).send({ success: true, visit });
  });
}
