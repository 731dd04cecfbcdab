import {
  KIOSK_ACCESS,
  KIOSK_DEFAULT_TENANT,
  kioskCaseBody,
  kioskCaseResponse,
  kioskStatsResponse,
  publicClinicResponse,
  tenantSelector,
} from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import { RateLimiter } from '../../platform/rate-limit.js';
import { defineRoute } from '../../platform/route/index.js';
import type { EmergencyAlerting } from '../emergency/index.js';
import { kioskStats, publicClinicContext, submitKioskCase } from './kiosk.service.js';

/** Check-ins a kiosk may submit per address per minute. */
const KIOSK_LIMIT_PER_MINUTE = 30;
/** Look-ups of a kiosk's or board's organization per address per minute. */
const CONTEXT_LIMIT_PER_MINUTE = 120;
/** The kiosk's check-in, at its own address and the spec's. */
const CHECK_IN_URLS = ['/api/triage/case', '/api/triage/case/kiosk'];

/**
 * The public kiosk check-in, the names a kiosk or board shows of where it is connected, and the
 * kiosk figures of the day for staff. `alerting`: the emergency room's, from app.ts.
 */
export async function kioskRoutes(app: FastifyInstance, { alerting }: { alerting: EmergencyAlerting }) {
  // One allowance per address across both check-in URLs.
  const limiter = new RateLimiter(KIOSK_LIMIT_PER_MINUTE, 60_000);
  for (const url of CHECK_IN_URLS) {
    defineRoute(
      app,
      {
        caller: 'public',
        method: 'POST',
        url,
        summary: 'Kiosk check-in: queue a case for the organization and clinic given',
        body: kioskCaseBody,
        reply: kioskCaseResponse,
        status: 201,
        defaultOrganizationId: KIOSK_DEFAULT_TENANT,
        // The plan's kiosk mode, and the organization's "Kiosk enabled" switch.
        feature: 'kiosk',
        setting: 'kioskEnabled',
        rateLimit: { limiter, scope: 'kiosk' },
        // A kiosk retrying after a lost answer sends the same key (either URL): one entry, the first answer.
        idempotent: { scope: 'kiosk.check-in' },
      },
      async (ctx, { body }) => {
        const created = await submitKioskCase(ctx, body, alerting);
        return { success: true, case: { id: created.id }, queueNumber: created.queueNumber };
      },
    );
  }

  const contextLimiter = new RateLimiter(CONTEXT_LIMIT_PER_MINUTE, 60_000);
  defineRoute(
    app,
    {
      caller: 'public',
      method: 'GET',
      url: '/api/public/clinic',
      summary: 'Names of the organization and clinic a kiosk or board is connected to',
      query: tenantSelector,
      reply: publicClinicResponse,
      defaultOrganizationId: KIOSK_DEFAULT_TENANT,
      rateLimit: { limiter: contextLimiter, scope: 'clinic-context' },
    },
    async (ctx) => ({ success: true, ...publicClinicContext(ctx) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/kiosk/stats',
      summary: "The clinic's kiosk check-ins today (clinic-local day) and their average duration",
      access: KIOSK_ACCESS.stats,
      reply: kioskStatsResponse,
    },
    async (ctx) => ({ success: true, stats: await kioskStats(ctx) }),
  );
}
