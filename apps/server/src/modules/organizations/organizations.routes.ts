import {
  ORGANIZATIONS_ACCESS,
  createClinicBody,
  createOrganizationBody,
  idSchema,
  switchOrganizationBody,
  updateClinicBody,
  updateOrganizationBody,
} from '@clinic/domain';
import {
  availableOrganizationsResponse,
  clinicListResponse,
  clinicResponse,
  clinicUpdatedResponse,
  currentOrganizationResponse,
  organizationCreatedResponse,
  organizationSwitchResponse,
  organizationUpdatedResponse,
  testOrganizationRemovedResponse,
} from '@clinic/domain/contracts/organizations-replies';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, notFound } from '../../platform/errors.js';
import type { ClinicEmergencySettings } from './clinic-emergency.js';
import { defineRoute } from '../../platform/route/index.js';
import { countOrganizationCreation } from './organization-limit.js';
import {
  availableOrganizations,
  createClinic,
  createOrganization,
  getOrganization,
  listClinicsWithEmergency,
  removeTestOrganization,
  updateClinic,
  updateOrganization,
} from './organizations.service.js';

/** The organization's records (its settings, its clinics) belong to no one clinic. */
const scope = 'organization';

/** Organizations, their clinics, and choosing the current one. */
export async function organizationRoutes(app: FastifyInstance, opts: { clinicEmergency: ClinicEmergencySettings }) {
  defineRoute(
    app,
    {
      caller: 'account',
      method: 'GET',
      url: '/api/organizations',
      summary: 'The current organization',
      scope,
      reply: currentOrganizationResponse,
    },
    async (ctx) => {
      // An organizationId or clinicId sent by the client chooses among the caller's memberships
      // (403 otherwise, audited); without one, the current organization, or none.
      const wanted = ctx.selection;
      const chosen = Boolean(wanted.organizationId || wanted.clinicId);
      if (!chosen && !ctx.user.currentOrganizationId) return { success: true, organization: null };
      try {
        const organization = await ctx.asMember(wanted, getOrganization, { auditRefusal: chosen });
        return { success: true, organization };
      } catch (err) {
        if (!chosen && err instanceof AppError && err.code.startsWith('access/')) return { success: true, organization: null };
        throw err;
      }
    },
  );

  defineRoute(
    app,
    {
      caller: 'account',
      method: 'POST',
      url: '/api/organizations',
      summary: 'Create an organization with its main clinic',
      body: createOrganizationBody,
      reply: organizationCreatedResponse,
      status: 201,
    },
    async (ctx, { body }) => {
      await countOrganizationCreation(ctx);
      const created = await createOrganization(ctx, body);
      return { success: true, ...created, message: 'Organization and default clinic created successfully!' };
    },
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'PUT',
      url: '/api/organizations',
      summary: 'Update the organization',
      access: ORGANIZATIONS_ACCESS.settings,
      scope,
      body: updateOrganizationBody,
      objectBody: true,
      reply: organizationUpdatedResponse,
    },
    async (ctx, { body }, request) => {
      // zod fills in the default of every setting left out of the partial object; merging those
      // would reset the organization's other settings, so keep only the settings actually sent.
      if (body.settings) {
        const sent = (request.body as { settings: Record<string, unknown> }).settings;
        body.settings = Object.fromEntries(Object.entries(body.settings).filter(([key]) => Object.hasOwn(sent, key)));
      }
      const organization = await updateOrganization(ctx, body);
      return { success: true, organization, message: 'Organization updated successfully!' };
    },
  );

  // The organization test page cleans up after itself; only an organization it marked may go.
  defineRoute(
    app,
    {
      caller: 'session',
      tenant: 'on-demand',
      method: 'DELETE',
      url: '/api/organizations',
      summary: 'Remove a test organization (archived; its Owner only; any other organization is refused)',
      access: ORGANIZATIONS_ACCESS.removeTest,
      scope,
      reply: testOrganizationRemovedResponse,
    },
    async (ctx) => ({ success: true, organization: await removeTestOrganization(ctx), message: 'Test organization removed.' }),
  );

  // The id in the path selects among the caller's memberships; another tenant's id is a 404.
  defineRoute(
    app,
    {
      caller: 'account',
      method: 'GET',
      url: '/api/clinics/organization/:id',
      summary: 'Clinics of one of your organizations',
      scope,
      params: z.object({ id: idSchema }),
      reply: clinicListResponse,
    },
    async (ctx, { params }) => {
      const clinics = await ctx
        .asMember({ organizationId: params.id }, (member) => listClinicsWithEmergency(member, opts.clinicEmergency))
        .catch((err) => {
          if (err instanceof AppError && err.code.startsWith('access/')) throw notFound('Organization');
          throw err;
        });
      return { success: true, clinics };
    },
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/clinics',
      summary: 'Add a clinic',
      access: ORGANIZATIONS_ACCESS.settings,
      scope,
      body: createClinicBody,
      reply: clinicResponse,
      status: 201,
    },
    async (ctx, { body }) => ({ success: true, clinic: await createClinic(ctx, body) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'PUT',
      url: '/api/clinics/:id',
      summary: 'Update a clinic',
      access: ORGANIZATIONS_ACCESS.settings,
      scope,
      params: z.object({ id: idSchema }),
      body: updateClinicBody,
      objectBody: true,
      reply: clinicUpdatedResponse,
    },
    async (ctx, { params, body }) => ({
      success: true,
      clinic: await updateClinic(ctx, params.id, body, opts.clinicEmergency),
      message: 'Clinic updated successfully!',
    }),
  );

  defineRoute(
    app,
    {
      caller: 'account',
      method: 'GET',
      url: '/api/org/available',
      summary: 'Organizations you belong to or are invited to',
      reply: availableOrganizationsResponse,
    },
    async (ctx) => ({
      success: true,
      organizations: await availableOrganizations(ctx),
    }),
  );

  defineRoute(
    app,
    {
      caller: 'account',
      method: 'POST',
      url: '/api/org/switch',
      summary: 'Switch the current organization',
      body: switchOrganizationBody,
      reply: organizationSwitchResponse,
    },
    async (ctx, { body }) => ({ success: true, ...(await ctx.selectOrganization(body)), message: 'Organization switched successfully!' }),
  );
}
