import {
  SYNC_MAX_PAGES,
  SYNC_PAGE_SIZE,
  patientFromFhir,
  syncChanges,
  type FhirPatientLike,
  type IntegrationId,
  type SyncedValues,
  type SyncSummary,
} from '@clinic/domain';
import { and, eq, sql } from 'drizzle-orm';
import { ehrPatientLinks, integrationCredentials } from '../../db/schema/index.js';
import { saveOrganizationSettingAt } from '../organizations/index.js';
import { AppError } from '../../platform/errors.js';
import { outboundFailure, outboundGetJson } from '../../platform/outbound.js';
import { openSecret, sealSecret } from '../../platform/secret-box.js';
import type { TenantAccountRouteContext, TenantRouteContext } from '../../platform/route/index.js';
import {
  createImportedPatient,
  importedValuesOf,
  patientByNameAndBirthDate,
  requirePatientPrivacyState,
  updateImportedPatient,
} from '../patients/index.js';
import { currentTargets } from './checks.service.js';
import type { FhirReach } from './fhir-client.js';

const VIA = 'ehr-sync';
/** Skip and error reasons kept in the summary (the counts are complete). */
const MAX_MESSAGES = 20;

/** Counts a Patient left out, keeping its reason among the first messages. */
function skip(summary: SyncSummary, externalId: string | null, reason: string) {
  summary.skipped += 1;
  if (summary.messages.length < MAX_MESSAGES) summary.messages.push(`Skipped ${externalId ?? 'a resource'}: ${reason}`);
}

/**
 * True when an erasure restricted the processing of the directory patient: a sync neither updates
 * nor refills it (nor makes a new chart of the person in its place).
 */
async function isRestricted(ctx: TenantRouteContext, patientId: string): Promise<boolean> {
  try {
    return (await requirePatientPrivacyState(ctx, patientId)).processingRestrictedAt !== null;
  } catch (err) {
    // Not in the clinic's directory (archived, or another clinic's): nothing of it is restricted here.
    if (err instanceof AppError) return false;
    throw err;
  }
}

/** The place an organization's credential for an integration is sealed for (`platform/secret-box.ts`). */
const credentialPlace = (organizationId: string, integration: IntegrationId) => `organization:${organizationId}:integration:${integration}`;

/** The credential sent to an integration, if an Admin saved one. */
async function bearerOf(ctx: TenantRouteContext, integration: IntegrationId): Promise<string | undefined> {
  const [row] = await ctx.tx
    .select({ token: integrationCredentials.bearerToken })
    .from(integrationCredentials)
    .where(and(eq(integrationCredentials.organizationId, ctx.tenant.organizationId), eq(integrationCredentials.integration, integration)));
  return row ? `Bearer ${openSecret(row.token, credentialPlace(ctx.tenant.organizationId, integration))}` : undefined;
}

/** Saves (or with null removes) the credential the server sends to an integration; audited without the secret. */
export async function saveIntegrationCredential(ctx: TenantRouteContext, integration: IntegrationId, bearerToken: string | null): Promise<void> {
  const where = and(eq(integrationCredentials.organizationId, ctx.tenant.organizationId), eq(integrationCredentials.integration, integration));
  if (bearerToken === null) await ctx.tx.delete(integrationCredentials).where(where);
  else {
    const sealed = sealSecret(bearerToken, credentialPlace(ctx.tenant.organizationId, integration));
    await ctx.tx
      .insert(integrationCredentials)
      .values({ organizationId: ctx.tenant.organizationId, integration, bearerToken: sealed, updatedBy: ctx.actor.userId })
      .onConflictDoUpdate({
        target: [integrationCredentials.organizationId, integrationCredentials.integration],
        set: { bearerToken: sealed, updatedBy: ctx.actor.userId, updatedAt: new Date() },
      });
  }
  await ctx.audit(
    'organization.integration-credential',
    { type: 'organization', id: ctx.tenant.organizationId },
    { integration, set: bearerToken !== null },
  );
}

/** Whether a credential is saved for the integration (the secret itself is never read back). */
export async function hasIntegrationCredential(ctx: Pick<TenantRouteContext, 'tx' | 'tenant'>, integration: IntegrationId): Promise<boolean> {
  const [row] = await ctx.tx
    .select({ one: sql<number>`1` })
    .from(integrationCredentials)
    .where(and(eq(integrationCredentials.organizationId, ctx.tenant.organizationId), eq(integrationCredentials.integration, integration)));
  return row !== undefined;
}

/**
 * Applies one page of the EHR's Patients in one transaction: each Patient is matched to its link
 * (same EHR address and Patient id), else a link sharing an identifier, else an unlinked directory
 * patient of the clinic with the same name and birth date; matched ones get the fields the clinic has
 * not edited since the last sync, the others are created. Pages of concurrent syncs of the
 * organization run one after the other (an advisory lock), so two syncs never create one person twice.
 */
async function applyPage(ctx: TenantRouteContext, source: string, resources: FhirPatientLike[], summary: SyncSummary) {
  const { tx, tenant } = ctx;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`ehr-sync:${tenant.organizationId}`}, 0))`);
  const inSource = and(eq(ehrPatientLinks.organizationId, tenant.organizationId), eq(ehrPatientLinks.source, source));
  // The patients already linked to this EHR (read once per page, kept as links are made): a name
  // and birth date match never takes one of them.
  const linked = new Set((await tx.select({ id: ehrPatientLinks.patientId }).from(ehrPatientLinks).where(inSource)).map((l) => l.id));
  for (const resource of resources) {
    const read = patientFromFhir(resource);
    if (!read.ok) {
      skip(summary, read.externalId, read.reason);
      continue;
    }
    let [link]: Array<typeof ehrPatientLinks.$inferSelect | undefined> = await tx
      .select()
      .from(ehrPatientLinks)
      .where(and(inSource, eq(ehrPatientLinks.externalId, read.externalId)));
    if (!link && read.identifiers.length > 0) {
      [link] = await tx
        .select()
        .from(ehrPatientLinks)
        .where(and(inSource, sql`${ehrPatientLinks.identifiers} && ${sql.param(read.identifiers)}::text[]`))
        .limit(1);
    }
    let patientId: string | null = link?.patientId ?? null;
    let baseline: Partial<SyncedValues> | null = (link?.synced as Partial<SyncedValues> | undefined) ?? null;
    if (!patientId) {
      patientId = await patientByNameAndBirthDate(ctx, read.values, [...linked]);
      baseline = null;
    }
    if (patientId && (await isRestricted(ctx, patientId))) {
      skip(summary, read.externalId, 'Processing of this patient is restricted (erasure)');
      continue;
    }
    const current = patientId ? (await importedValuesOf(ctx, [patientId])).get(patientId) : undefined;
    let id: string;
    if (!patientId || !current) {
      try {
        id = await createImportedPatient(ctx, read.values, VIA);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        summary.errors += 1;
        // The EHR's id, not the person's name: the messages are also audited.
        if (summary.messages.length < MAX_MESSAGES) summary.messages.push(`${read.externalId}: ${err.message}`);
        continue;
      }
      summary.created += 1;
    } else {
      const changes = syncChanges(current, baseline, read.values);
      id = patientId;
      if (Object.keys(changes).length > 0) {
        await updateImportedPatient(ctx, id, changes, VIA);
        summary.updated += 1;
      } else summary.unchanged += 1;
    }
    await tx
      .insert(ehrPatientLinks)
      .values({
        organizationId: tenant.organizationId,
        source,
        externalId: read.externalId,
        patientId: id,
        identifiers: read.identifiers,
        synced: read.values,
      })
      .onConflictDoUpdate({
        target: [ehrPatientLinks.organizationId, ehrPatientLinks.source, ehrPatientLinks.externalId],
        set: { patientId: id, identifiers: read.identifiers, synced: read.values, syncedAt: new Date() },
      });
    linked.add(id);
  }
}

/** The Patient resources of a search Bundle page, and its next page's address; null when it is not a Bundle. */
function readBundle(body: unknown): { patients: FhirPatientLike[]; next: string | null } | null {
  const bundle = body as {
    resourceType?: unknown;
    entry?: Array<{ resource?: FhirPatientLike }>;
    link?: Array<{ relation?: unknown; url?: unknown }>;
  };
  if (bundle?.resourceType !== 'Bundle') return null;
  const patients = (Array.isArray(bundle.entry) ? bundle.entry : [])
    .map((e) => e?.resource)
    .filter((r): r is FhirPatientLike => !!r && r.resourceType === 'Patient');
  const next = (Array.isArray(bundle.link) ? bundle.link : []).find((l) => l?.relation === 'next')?.url;
  return { patients, next: typeof next === 'string' ? next : null };
}

/**
 * Sync Patients from the organization's Epic EHR: pages its `Patient` search (through the guarded
 * read, with the saved credential), following the Bundle's `next` links on the same server, and
 * applies each page in its own transaction. Records the sync time when every page was read, and
 * audits the summary.
 */
export async function syncEhrPatients(ctx: TenantAccountRouteContext, reach: FhirReach): Promise<SyncSummary> {
  const { target, authorization } = await ctx.tenantTx(async (t) => ({
    target: (await currentTargets(t.tx, t.tenant.organizationId)).find((x) => x.id === 'epic')!,
    authorization: await bearerOf(t, 'epic'),
  }));
  if (!target.configured) throw new AppError('conflict/integration-off', 'Turn the Epic EHR connection on and set its base URL first.');
  const source = target.endpoint.replace(/\/+$/, '');
  const origin = new URL(source).origin;
  const summary: SyncSummary = {
    created: 0,
    updated: 0,
    unchanged: 0,
    skipped: 0,
    errors: 0,
    pages: 0,
    complete: false,
    messages: [],
    lastSync: null,
  };
  const getJson = outboundGetJson(reach.policy, reach.log);
  let address: string | null = `${source}/Patient?_count=${SYNC_PAGE_SIZE}`;
  while (address) {
    if (summary.pages === SYNC_MAX_PAGES) {
      summary.messages.push(`Stopped after ${SYNC_MAX_PAGES} pages; sync again to go on.`);
      break;
    }
    const answer = await getJson(address, { authorization, accept: 'application/fhir+json, application/json' });
    const page = answer.ok ? readBundle(answer.body) : null;
    if (!page) {
      summary.errors += 1;
      summary.messages.push(answer.ok ? outboundFailure(reach.log, address, 'not a FHIR Bundle').error : answer.error);
      break;
    }
    summary.pages += 1;
    await ctx.tenantTx((t) => applyPage(t, source, page.patients, summary));
    if (page.next && new URL(page.next, source).origin !== origin) {
      summary.errors += 1;
      summary.messages.push('The next page is on another server; the sync stopped there.');
      break;
    }
    address = page.next ? new URL(page.next, source).toString() : null;
    if (!address) summary.complete = true;
  }
  return ctx.tenantTx(async (t) => {
    if (summary.complete) {
      summary.lastSync = new Date().toISOString();
      await saveOrganizationSettingAt(t.tx, t.tenant.organizationId, ['integrations', 'epic', 'lastSync'], summary.lastSync);
    }
    const { messages, ...counts } = summary;
    await t.audit(
      'organization.patients-synced',
      { type: 'organization', id: t.tenant.organizationId },
      { integration: 'epic', source, ...counts, messages: messages.slice(0, 5) },
    );
    return summary;
  });
}
