import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { operationOutcome } from '@clinic/domain/rules/fhir';
import { fastifyTrustProxy, type TrustProxy } from './config.js';
import type { Database } from './db/client.js';
import { apiKeyRoutes } from './modules/api-keys/index.js';
import { fhirRoutes } from './modules/fhir/index.js';
import { activityRoutes } from './modules/activity/activity.routes.js';
import { adminRoutes } from './modules/admin/index.js';
import { analyticsRoutes } from './modules/analytics/index.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { securityRoutes } from './modules/auth/security.routes.js';
import { signInLockRoutes } from './modules/auth/sign-in-locks.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { emergencyAlerting, emergencyRoutes, readFacility, saveFacility } from './modules/emergency/index.js';
import { eventRoutes } from './modules/events/events.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { kioskRoutes } from './modules/kiosk/kiosk.routes.js';
import { pediatricIntakeRoutes } from './modules/pediatric-intake/index.js';
import { clinicalTrialRoutes } from './modules/clinical-trials/index.js';
import { memberRoutes } from './modules/members/members.routes.js';
import { organizationSettingsRoutes } from './modules/organization-settings/index.js';
import { billingRoutes, type BillingConfig } from './modules/billing/index.js';
import { organizationRoutes } from './modules/organizations/organizations.routes.js';
import { queueRoutes } from './modules/queue/index.js';
import { triageRoutes } from './modules/triage/triage.routes.js';
import { gdprRoutes } from './modules/gdpr/index.js';
import { patientRoutes } from './modules/patients/index.js';
import { patientMergeRoutes } from './modules/patient-merge/index.js';
import {
  DELIVERY_INTERVAL_MS,
  ESCALATION_INTERVAL_MS,
  automaticPager,
  pagingRoutes,
  startEscalation,
  startPagingDeliveries,
} from './modules/paging/index.js';
import { visitorRoutes } from './modules/visitors/index.js';
import { settingsRoutes } from './modules/settings/index.js';
import { EHR_SYNC_INTERVAL_MS, integrationRoutes, SmartTokenCache, startEhrSyncWorker, type EhrSyncWorker } from './modules/integrations/index.js';
import { soc2Routes } from './modules/soc2/index.js';
import { ssoPasswordGate, ssoRoutes, type TxtResolver } from './modules/sso/index.js';
import { requestWindowPlugin } from './platform/request-window.js';
import { accessPlugin, startSessionCache } from './platform/access.js';
import { compressionPlugin, registerWebApp } from './platform/delivery.js';
import { registerErrorHandler } from './platform/errors.js';
import { eventStreamPlugin } from './platform/event-stream.js';
import { EventHub } from './platform/events.js';
import type { LinkConfig } from './platform/links.js';
import { noMailer, type Mailer, type MailMessage } from './platform/mail.js';
import { metricsPlugin } from './platform/metrics.js';
import { openapiPlugin } from './platform/openapi.js';
import { outboundPostJson, PUBLIC_ONLY, type OutboundPolicy } from './platform/outbound.js';
import { pingPlugin } from './platform/ping.js';
import { loggerOptions, RequestLogController, requestId, requestIdPlugin, type LoggerSetting } from './platform/request-log.js';
import { routePlugin } from './platform/route/index.js';
import { replyCheckPlugin } from './platform/route/reply-check.js';
import { securityHeadersPlugin } from './platform/security-headers.js';

/** What the app is built from; tests pass their own database. */
export interface AppDeps {
  database: Database;
  publicUrl?: string;
  /** Production refuses what is only safe on a developer's machine (links built from the Host header). */
  production?: boolean;
  /** Outgoing mail (verification links, sign-in notices); none when SMTP is not configured. */
  mailer?: Mailer;
  /** Stripe keys (`STRIPE_*`); without them payments are off and the billing page says so. */
  billing?: BillingConfig;
  /** Waits before a sign-in try that follows failures is judged; tests record the wait instead. */
  signInWait?: (ms: number) => Promise<void>;
  /** Folder of the built web app to serve, if any. */
  webDist?: string;
  /** Session cookies are Secure on every request (production); otherwise only over https. */
  secureCookies?: boolean;
  /** Proxies whose X-Forwarded-For entries are believed: none, a hop count or their addresses. */
  trustProxy?: TrustProxy;
  /** JSON logs (pino) at a level, to stdout unless a stream is given; redacted (`platform/request-log.ts`). */
  logger?: LoggerSetting;
  /** Bearer token for `/metrics` from other machines (METRICS_TOKEN); without it only loopback callers. */
  metricsToken?: string;
  /** Where database backups go (BACKUP_URL): the SOC 2 availability check; unset means none is configured. */
  backupUrl?: string;
  /** Node's process metrics (CPU, memory, event loop) on `/metrics`: the running server, not tests. */
  processMetrics?: boolean;
  /** Every success reply is checked against its route's `reply` contract (tests: `platform/route/reply-check.ts`). */
  checkReplies?: boolean;
  /** What outbound requests for tenants may reach (`OUTBOUND_ALLOW`); by default https to public addresses only. */
  outbound?: OutboundPolicy;
  /** How often unacknowledged pages are escalated (`modules/paging/escalation.ts`); 0 runs no worker. */
  pagingEscalationMs?: number;
  /**
   * How often the paging webhook's due deliveries are sent (`modules/paging/deliveries.ts`); 0 runs
   * no worker. Unset: the default, or none when `pagingEscalationMs` is 0 (tests step both themselves).
   */
  pagingDeliveryMs?: number;
  /** Looks up a domain's TXT records for single sign-on's domain verification (`DNS_SERVERS`); the system's DNS unless given. */
  resolveTxt?: TxtResolver;
  /**
   * How often the Sync Patients worker looks for due runs (`modules/integrations/sync-worker.ts`;
   * a queued run also wakes it); 0 runs no worker. Unset: the default, or none when
   * `pagingEscalationMs` is 0 (tests start it where they need it, or step it themselves).
   */
  ehrSyncMs?: number;
}

/** Largest accepted request body. */
export const BODY_LIMIT = 1024 * 1024;

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the Fastify app: plugins, then platform hooks, then each module's routes. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(deps.logger),
    // The request id: a caller's sane X-Request-Id, else a new one; echoed by requestIdPlugin.
    genReqId: requestId,
    requestIdHeader: false,
    // One line per request, written when it is answered, not two (platform/request-log.ts).
    logController: new RequestLogController(),
    bodyLimit: BODY_LIMIT,
    trustProxy: fastifyTrustProxy(deps.trustProxy),
    routerOptions: { maxParamLength: 200 },
    // The router's own refusals (a malformed URL, a path id over maxParamLength) would otherwise
    // bypass the error handler and its body shape.
    frameworkErrors: (_error, request, reply) => {
      reply.header('x-request-id', request.id);
      const message = 'The address of this request is not valid.';
      const answer = reply as FastifyReply;
      // The FHIR server's clients read every error as an OperationOutcome.
      if (request.url.startsWith('/fhir/')) return answer.status(400).type('application/fhir+json').send(operationOutcome('invalid', message));
      answer.status(400).send({ success: false, error: message, message, code: 'request/invalid-url' });
    },
  });
  const db = deps.database.db;
  const links: LinkConfig = { publicUrl: deps.publicUrl, production: deps.production ?? false };
  const mailer = deps.mailer ?? noMailer;
  const hub = new EventHub(deps.database);
  await hub.start();
  app.addHook('onClose', () => hub.close());
  app.addHook('onClose', await startSessionCache(deps.database));

  registerErrorHandler(app);
  // First, so that every response carries the request id and every request is counted.
  await app.register(requestIdPlugin);
  // Before any route: it compresses the responses of routes registered after it (`/metrics` too).
  await app.register(compressionPlugin);
  await app.register(metricsPlugin, { database: deps.database, hub, token: deps.metricsToken, processMetrics: deps.processMetrics });
  await app.register(requestWindowPlugin);
  await app.register(securityHeadersPlugin, { publicUrl: deps.publicUrl });
  await app.register(cookie);
  await app.register(accessPlugin, { db, publicUrl: deps.publicUrl });
  await app.register(openapiPlugin);
  if (deps.checkReplies) await app.register(replyCheckPlugin);
  // Modules made with defineRoute get transactions from it, never the database itself.
  await app.register(routePlugin, { db });
  // The health check and the event streams get what they need of the database, never the database.
  await app.register(pingPlugin, { db, database: deps.database });
  await app.register(eventStreamPlugin, { db, hub });

  await app.register(healthRoutes);
  await app.register(authRoutes, {
    secureCookies: deps.secureCookies ?? false,
    publicUrl: deps.publicUrl,
    links,
    mailer,
    signInWait: deps.signInWait,
    // An organization that signs its members in with single sign-on only refuses their passwords.
    passwordGate: ssoPasswordGate,
  });
  await app.register(ssoRoutes, {
    links,
    outbound: deps.outbound ?? PUBLIC_ONLY,
    resolveTxt: deps.resolveTxt,
    secureCookies: deps.secureCookies ?? false,
    publicUrl: deps.publicUrl,
  });
  await app.register(securityRoutes, { secureCookies: deps.secureCookies ?? false, publicUrl: deps.publicUrl, links, mailer });
  await app.register(signInLockRoutes);
  // The clinics tab reads and saves a clinic's emergency settings through the emergency module.
  await app.register(organizationRoutes, { clinicEmergency: { read: readFacility, save: saveFacility } });
  await app.register(organizationSettingsRoutes);
  await app.register(memberRoutes, { links, mailer });
  await app.register(billingRoutes, { billing: deps.billing ?? {}, links, mailer });
  await app.register(eventRoutes);
  // CRITICAL alerts page the doctor on call: the modules raising them get paging's pager from here.
  const pageNotices = { mail: mailer.configured, origin: deps.publicUrl ? new URL(deps.publicUrl).origin : null };
  const pageCriticalAlert = automaticPager(pageNotices);
  const alerting = emergencyAlerting(pageCriticalAlert);
  await app.register(kioskRoutes, { alerting });
  await app.register(pediatricIntakeRoutes, { recordScoring: alerting.recordScoring });
  await app.register(clinicalTrialRoutes, { pageCriticalAlert });
  await app.register(queueRoutes, { recordScoring: alerting.recordScoring });
  await app.register(emergencyRoutes, { outbound: deps.outbound ?? PUBLIC_ONLY });
  await app.register(triageRoutes);
  await app.register(dashboardRoutes);
  await app.register(activityRoutes);
  await app.register(adminRoutes);
  await app.register(analyticsRoutes);
  await app.register(patientRoutes);
  await app.register(patientMergeRoutes);
  await app.register(gdprRoutes, { links });
  await app.register(visitorRoutes);
  await app.register(pagingRoutes, { mail: mailer.configured, links });
  const escalationMs = deps.pagingEscalationMs ?? ESCALATION_INTERVAL_MS;
  let stopEscalation: (() => Promise<void>) | undefined;
  if (escalationMs > 0)
    app.addHook('onReady', async () => void (stopEscalation = startEscalation(db, escalationMs, (e) => app.log.error(e), pageNotices)));
  app.addHook('onClose', async () => stopEscalation?.());
  const deliveryMs = deps.pagingDeliveryMs ?? (escalationMs > 0 ? DELIVERY_INTERVAL_MS : 0);
  const senders = {
    post: outboundPostJson(deps.outbound ?? PUBLIC_ONLY, app.log),
    mail: mailer.configured ? (m: MailMessage) => mailer.send(m) : undefined,
  };
  let stopDeliveries: (() => Promise<void>) | undefined;
  if (deliveryMs > 0)
    app.addHook('onReady', async () => void (stopDeliveries = startPagingDeliveries(db, senders, deliveryMs, (e) => app.log.error(e))));
  app.addHook('onClose', async () => stopDeliveries?.());
  // Sync Patients runs in the background: the worker starts with the app and hands its run back on close.
  const ehrSyncMs = deps.ehrSyncMs ?? (escalationMs > 0 ? EHR_SYNC_INTERVAL_MS : 0);
  const ehrReach = { policy: deps.outbound ?? PUBLIC_ONLY, log: app.log, tokens: new SmartTokenCache() };
  let ehrSync: EhrSyncWorker | undefined;
  if (ehrSyncMs > 0) app.addHook('onReady', async () => void (ehrSync = startEhrSyncWorker(db, ehrReach, ehrSyncMs, (e) => app.log.error(e))));
  app.addHook('onClose', async () => ehrSync?.stop());
  await app.register(settingsRoutes, { outbound: ehrReach.policy, links, ehrSync: { tokens: ehrReach.tokens, wake: () => ehrSync?.wake() } });
  await app.register(integrationRoutes);
  await app.register(apiKeyRoutes);
  await app.register(fhirRoutes, { links });
  await app.register(soc2Routes, { publicUrl: deps.publicUrl, backupUrl: deps.backupUrl });

  // The built web app, precompressed and cached by name; unknown API paths are a JSON 404.
  await registerWebApp(app, deps.webDist ?? defaultWebDist);
  return app;
}
