import {
  cancelPageBody,
  idSchema,
  onCallResponse,
  onCallRotaBody,
  onCallRotaResponse,
  pageBody,
  pageDetailResponse,
  pageHistoryQuery,
  pageHistoryResponse,
  pageResponse,
  PAGING_ACCESS,
  pagingDeliveriesQuery,
  pagingDeliveriesResponse,
  pagingRecipientsResponse,
  pagingStatsResponse,
} from '@clinic/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { appOrigin, type LinkConfig } from '../../platform/links.js';
import { defineRoute } from '../../platform/route/index.js';
import { pageHistory, pagingStats } from './history.service.js';
import { acknowledgePage, cancelPage, pageDetail, sendPage } from './pages.service.js';
import type { PageNotices } from './page-mail.js';
import { listRotas, pagingRecipients, saveRota } from './rotas.service.js';
import { listPagingDeliveries } from './webhook.js';

const idParams = z.object({ id: idSchema });
const access = PAGING_ACCESS.page;

/** Whether pages are mailed (a mailer is configured), and the app's links for the mail's link. */
export interface PagingRouteOptions {
  mail?: boolean;
  links?: LinkConfig;
}

/**
 * Paging: recipients, sending, the history, a page's timeline, acknowledging, cancelling, the
 * day's figures, the on-call rotas and the webhook's deliveries.
 */
export async function pagingRoutes(app: FastifyInstance, opts: PagingRouteOptions = {}) {
  /** How a page sent by this request is mailed: queued with the page, the link to this request's app. */
  const noticesOf = (request: FastifyRequest): PageNotices => {
    if (!opts.mail) return { mail: false };
    let origin: string | null = null;
    try {
      origin = opts.links ? appOrigin(opts.links, request) : null;
    } catch {
      origin = null;
    }
    return { mail: true, origin };
  };

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/paging/recipients',
      summary: 'Members who can be paged, each marked when on call now in the clinic',
      access,
      reply: pagingRecipientsResponse,
    },
    async (ctx) => ({ success: true, recipients: await pagingRecipients(ctx) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/paging/page',
      summary: 'Page a member, or whoever is on call for a role now',
      access,
      body: pageBody,
      reply: pageResponse,
      status: 201,
      idempotent: true,
    },
    async (ctx, { body }, request) => ({ success: true, page: await sendPage(ctx, body, noticesOf(request)) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/paging/history',
      summary: "The clinic's pages, newest first (recipient=me: your inbox)",
      access,
      query: pageHistoryQuery,
      reply: pageHistoryResponse,
    },
    async (ctx, { query }) => ({ success: true, ...(await pageHistory(ctx, query)) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/paging/stats/overview',
      summary: "The clinic's paging figures for its day",
      access,
      reply: pagingStatsResponse,
    },
    async (ctx) => ({ success: true, stats: await pagingStats(ctx) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/paging/on-call',
      summary: "The clinic's on-call rotas, with who is on call now",
      access,
      reply: onCallResponse,
    },
    async (ctx) => ({ success: true, rotas: await listRotas(ctx) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'PUT',
      url: '/api/paging/on-call',
      summary: "Replace the clinic's on-call rota for one role",
      access: PAGING_ACCESS.rota,
      body: onCallRotaBody,
      reply: onCallRotaResponse,
    },
    async (ctx, { body }) => ({ success: true, rota: await saveRota(ctx, body) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/paging/deliveries',
      summary: "The organization's paging webhook deliveries, newest first, with their status",
      access: PAGING_ACCESS.deliveries,
      scope: 'organization',
      query: pagingDeliveriesQuery,
      reply: pagingDeliveriesResponse,
    },
    async (ctx, { query }) => ({ success: true, ...(await listPagingDeliveries(ctx, query)) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/paging/:id',
      summary: 'A page and its timeline (read by a member it reached: marked delivered)',
      access,
      params: idParams,
      reply: pageDetailResponse,
    },
    async (ctx, { params }) => ({ success: true, ...(await pageDetail(ctx, params.id)) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/paging/:id/acknowledge',
      summary: 'Acknowledge a page that reached you',
      access,
      params: idParams,
      reply: pageResponse,
    },
    async (ctx, { params }) => ({ success: true, page: await acknowledgePage(ctx, params.id) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/paging/:id/cancel',
      summary: 'Cancel an open page (its sender, an Admin or the Owner)',
      access,
      params: idParams,
      body: cancelPageBody,
      reply: pageResponse,
    },
    async (ctx, { params, body }) => ({ success: true, page: await cancelPage(ctx, params.id, body.reason) }),
  );
}
