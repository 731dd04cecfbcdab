import { ORGANIZATIONS_ACCESS } from '@clinic/domain';
import { organizationSettingsResponse, updateOrganizationSettingsBody } from '@clinic/domain/contracts/organization-settings';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/route/index.js';
import { readOrganizationSettings, updateOrganizationSettings } from './organization-settings.service.js';

/** The organization settings (`/organization/settings`, Admin or above): five tabs, saved and enforced. */
export async function organizationSettingsRoutes(app: FastifyInstance) {
  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/organizations/settings',
      summary: "The organization's settings: general, security, notifications, integrations, billing",
      access: ORGANIZATIONS_ACCESS.settingsPage,
      scope: 'organization',
      reply: organizationSettingsResponse,
    },
    async (ctx) => ({ success: true, settings: await readOrganizationSettings(ctx) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'PUT',
      url: '/api/organizations/settings',
      summary: 'Change any part of the settings (what is left out keeps its value)',
      access: ORGANIZATIONS_ACCESS.settingsPage,
      body: updateOrganizationSettingsBody,
      objectBody: true,
      scope: 'organization',
      reply: organizationSettingsResponse,
    },
    async (ctx, { body }) => ({ success: true, settings: await updateOrganizationSettings(ctx, body) }),
  );
}
