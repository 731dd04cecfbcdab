import { idSchema, PATIENTS_ACCESS, patientMergeResultDto, possibleMatchDismissedResponse, possibleMatchListDto } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../platform/route/index.js';
import { dismissPossibleMatch, listPossibleMatches } from '../patients/index.js';
import { mergePossibleMatch } from './patient-merge.service.js';

const idParams = z.object({ id: idSchema });
const access = PATIENTS_ACCESS.merge;

/**
 * Possible matches: charts made from public input (kiosks, intake) that look like an existing
 * chart, listed on either chart, merged or dismissed by staff.
 */
export async function patientMergeRoutes(app: FastifyInstance) {
  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/patients/:id/possible-matches',
      summary: "A chart's open possible matches (charts made from public input that look like it)",
      access,
      params: idParams,
      reply: possibleMatchListDto,
    },
    async (ctx, { params }) => ({ success: true, matches: await listPossibleMatches(ctx, params.id) }),
  );
  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/patients/possible-matches/:id/merge',
      summary: 'Merge the chart public input made into the existing chart: its records move, it is archived',
      access,
      params: idParams,
      reply: patientMergeResultDto,
    },
    async (ctx, { params }) => mergePossibleMatch(ctx, params.id),
  );
  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/patients/possible-matches/:id/dismiss',
      summary: 'Dismiss a possible match: the two charts are different people',
      access,
      params: idParams,
      reply: possibleMatchDismissedResponse,
    },
    async (ctx, { params }) => {
      await dismissPossibleMatch(ctx, params.id);
      return { success: true };
    },
  );
}
