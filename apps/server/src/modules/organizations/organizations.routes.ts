import { createClinicBody, createOrganizationBody, idSchema, switchOrganizationBody, updateOrganizationBody } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDb } from '../../db/client.js';
import { auditRefusal, auditingRefusals, inTenant, resolveTenant, selectedTenant, userOf } from '../../platform/access.js';
import { withTenant } from '../../db/tenant.js';
import { AppError, notFound } from '../../platform/errors.js';
import { selectCurrentOrganization } from '../../platform/membership.js';
import { parse } from '../../platform/parse.js';
import { countOrganizationCreation } from './organization-limit.js';
import {
  availableOrganizations,
  createClinic,
  createOrganization,
  getOrganization,
  listClinics,
  updateOrganization,
} from './organizations.service.js';

/** Organizations, their clinics, and choosing the current one. */
export async function organizationRoutes(app: FastifyInstance, opts: { db: AppDb }) {
  const { db } = opts;

  app.get('/api/organizations', { config: { access: { signedIn: true }, contract: { summary: 'The current organization' } } }, async (request) => {
    const user = userOf(request);
    // An organizationId or clinicId sent by the client chooses among the caller's memberships
    // (403 otherwise); without one, the current organization, or none.
    const wanted = selectedTenant(request);
    const chosen = Boolean(wanted.organizationId || wanted.clinicId);
    if (!chosen && !user.currentOrganizationId) return { success: true, organization: null };
    try {
      const tenant = await resolveTenant(db, user, wanted);
      const organization = await withTenant(db, tenant.organizationId, (tx) => getOrganization(tx, tenant));
      return { success: true, organization };
    } catch (err) {
      if (!chosen && err instanceof AppError && err.code.startsWith('access/')) return { success: true, organization: null };
      if (err instanceof AppError) await auditRefusal(db, request, user, wanted, err);
      throw err;
    }
  });

  app.post('/api/organizations', { config: { access: { signedIn: true }, contract: { summary: 'Create an organization with its main clinic', body: createOrganizationBody } } }, async (request, reply) => {
    const body = parse(createOrganizationBody, request.body);
    await countOrganizationCreation(db, request.ip);
    const created = await createOrganization(db, userOf(request), body, request.ip);
    return reply.status(201).send({ success: true, ...created, message: 'Organization and default clinic created successfully!' });
  });

  app.put('/api/organizations', { config: { access: { tenant: true, permission: 'canManageSettings' }, contract: { summary: 'Update the organization', body: updateOrganizationBody } } }, async (request) => {
    // null, an array or a number would otherwise spread to "no fields" and still count as an update.
    if (!request.body || typeof request.body !== 'object' || Array.isArray(request.body)) {
      throw new AppError('validation/invalid', 'The request body must be a JSON object.');
    }
    const { organizationId: _o, clinicId: _c, ...rest } = request.body as Record<string, unknown>;
    const body = parse(updateOrganizationBody, rest);
    // zod fills in the default of every setting left out of the partial object; merging those
    // would reset the organization's other settings, so keep only the settings actually sent.
    if (body.settings) {
      const sent = rest.settings as Record<string, unknown>;
      body.settings = Object.fromEntries(Object.entries(body.settings).filter(([key]) => Object.hasOwn(sent, key)));
    }
    const organization = await inTenant(db, request, (tx, tenant) => updateOrganization(tx, tenant, userOf(request), body, request.ip));
    return { success: true, organization, message: 'Organization updated successfully!' };
  });

  // The id in the path selects among the caller's memberships; another tenant's id is a 404.
  app.get('/api/clinics/organization/:id', { config: { access: { signedIn: true }, contract: { summary: 'Clinics of one of your organizations' } } }, async (request) => {
    const { id } = parse(z.object({ id: idSchema }), request.params);
    const tenant = await auditingRefusals(db, request, userOf(request), { organizationId: id }, () =>
      resolveTenant(db, userOf(request), { organizationId: id }),
    ).catch((err) => {
      if (err instanceof AppError && err.code.startsWith('access/')) throw notFound('Organization');
      throw err;
    });
    const clinics = await withTenant(db, tenant.organizationId, (tx) => listClinics(tx, tenant));
    return { success: true, clinics };
  });

  app.post('/api/clinics', { config: { access: { tenant: true, permission: 'canManageSettings' }, contract: { summary: 'Add a clinic', body: createClinicBody } } }, async (request, reply) => {
    const body = parse(createClinicBody, request.body);
    const clinic = await inTenant(db, request, (tx, tenant) => createClinic(tx, tenant, userOf(request), body, request.ip));
    return reply.status(201).send({ success: true, clinic });
  });

  app.get('/api/org/available', { config: { access: { signedIn: true }, contract: { summary: 'Organizations you belong to or are invited to' } } }, async (request) => {
    return { success: true, organizations: await availableOrganizations(db, userOf(request)) };
  });

  app.post('/api/org/switch', { config: { access: { signedIn: true }, contract: { summary: 'Switch the current organization', body: switchOrganizationBody } } }, async (request) => {
    const body = parse(switchOrganizationBody, request.body);
    const selection = await auditingRefusals(db, request, userOf(request), body, () =>
      selectCurrentOrganization(db, userOf(request), body, request.ip),
    );
    return { success: true, ...selection, message: 'Organization switched successfully!' };
  });
}
