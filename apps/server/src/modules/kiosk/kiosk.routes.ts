import { KIOSK_DEFAULT_TENANT, kioskCaseBody, tenantSelector } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDb } from '../../db/client.js';
import { parse } from '../../platform/parse.js';
import { RateLimiter } from '../../platform/rate-limit.js';
import { publicClinicContext, submitKioskCase } from './kiosk.service.js';

/** Check-ins a kiosk may submit per address per minute. */
const KIOSK_LIMIT_PER_MINUTE = 30;
/** Look-ups of a kiosk's or board's organization per address per minute. */
const CONTEXT_LIMIT_PER_MINUTE = 120;

/** The public kiosk check-in. */
export async function kioskRoutes(app: FastifyInstance, opts: { db: AppDb }) {
  const limiter = new RateLimiter(KIOSK_LIMIT_PER_MINUTE, 60_000);
  const handler = async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
    limiter.hitRequest(request, 'kiosk');
    const query = parse(tenantSelector, request.query);
    const body = parse(kioskCaseBody, request.body);
    const organizationId = query.organizationId ?? body.organizationId ?? KIOSK_DEFAULT_TENANT;
    const clinicId = query.clinicId ?? body.clinicId;
    const created = await submitKioskCase(opts.db, { organizationId, clinicId }, body, request.ip);
    return reply.status(201).send({ success: true, case: { id: created.id }, queueNumber: created.queueNumber });
  };
  const config = {
    access: { public: true as const },
    contract: { summary: 'Kiosk check-in: queue a case for the organization and clinic given', body: kioskCaseBody },
  };
  app.post('/api/triage/case', { config }, handler);
  app.post('/api/triage/case/kiosk', { config }, handler);

  const contextLimiter = new RateLimiter(CONTEXT_LIMIT_PER_MINUTE, 60_000);
  app.get(
    '/api/public/clinic',
    { config: { access: { public: true }, contract: { summary: 'Names of the organization and clinic a kiosk or board is connected to', query: tenantSelector } } },
    async (request) => {
      contextLimiter.hitRequest(request, 'clinic-context');
      const query = parse(tenantSelector, request.query);
      const organizationId = query.organizationId ?? KIOSK_DEFAULT_TENANT;
      return { success: true, ...(await publicClinicContext(opts.db, { organizationId, clinicId: query.clinicId })) };
    },
  );
}
