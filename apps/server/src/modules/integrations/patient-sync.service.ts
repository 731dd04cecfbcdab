import {
  SYNC_MAX_PAGES,
  SYNC_PAGE_SIZE,
  patientFromFhir,
  syncChanges,
  type EhrSyncProgress,
  type FhirPatientLike,
  type SyncedValues,
  type SyncSummary,
} from '@clinic/domain';
import { and, eq, sql } from 'drizzle-orm';
import { ehrPatientLinks } from '../../db/schema/index.js';
import { saveOrganizationSettingAt } from '../organizations/index.js';
import { AppError } from '../../platform/errors.js';
import { outboundFailure, outboundGetJson } from '../../platform/outbound.js';
import type { TenantRouteContext } from '../../platform/route/index.js';
import {
  createImportedPatient,
  importedValuesOf,
  patientByNameAndBirthDate,
  requirePatientPrivacyState,
  updateImportedPatient,
} from '../patients/index.js';
import { currentTargets } from './checks.service.js';
import { epicSignIn, type InTenant } from './epic-sign-in.js';
import type { EhrReach } from './smart-token.js';

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

/** What a sync works with, and where its progress and outcome are recorded. */
export interface SyncWork {
  /** A tenant transaction of the organization, as the member who asked for the sync (their name goes on the audit rows). */
  inTenant: InTenant;
  reach: EhrReach;
  /** The run this is, named in the audit row of its outcome. */
  runId: string;
  /** In each page's transaction, once it is applied: how far the sync has come (throwing undoes the page). */
  onPage(ctx: TenantRouteContext, progress: EhrSyncProgress): Promise<void>;
  /** In the last transaction, with the sync time and the audit row: the outcome. */
  onFinish(ctx: TenantRouteContext, outcome: SyncOutcome): Promise<void>;
}

/** What a sync did, and why it stopped when it could not go on (null when it ran to its end). */
export interface SyncOutcome {
  summary: SyncSummary;
  error: string | null;
}

/**
 * Sync Patients from the organization's Epic EHR: signs in (SMART Backend Services or the saved
 * bearer token, `epic-sign-in.ts`), pages its `Patient` search through the guarded read, following
 * the Bundle's `next` links on the same server, and applies each page in its own transaction.
 * Records the sync time when every page was read, and audits the summary. A failed sign-in, an
 * unreadable page or a next page on another server stops it with that reason.
 */
export async function syncEhrPatients(work: SyncWork): Promise<SyncOutcome> {
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
  let error: string | null = null;
  const stop = (reason: string) => {
    summary.errors += 1;
    summary.messages.push(reason);
    error = reason;
  };
  const target = await work.inTenant(async (t) => (await currentTargets(t.tx, t.tenant.organizationId)).find((x) => x.id === 'epic')!);
  const source = target.endpoint.replace(/\/+$/, '');
  if (!target.configured) stop('Turn the Epic EHR connection on and set its base URL first.');
  const signIn = target.configured ? await epicSignIn(work.inTenant, work.reach) : null;
  if (signIn && !signIn.ok) stop(signIn.error);
  if (signIn?.ok) {
    const origin = new URL(source).origin;
    const getJson = outboundGetJson(work.reach.policy, work.reach.log);
    const progress: EhrSyncProgress = { pagesRead: 0, patientsProcessed: 0 };
    let address: string | null = `${source}/Patient?_count=${SYNC_PAGE_SIZE}`;
    while (address) {
      if (summary.pages === SYNC_MAX_PAGES) {
        summary.messages.push(`Stopped after ${SYNC_MAX_PAGES} pages; sync again to go on.`);
        break;
      }
      const answer = await getJson(address, { authorization: signIn.authorization, accept: 'application/fhir+json, application/json' });
      const page = answer.ok ? readBundle(answer.body) : null;
      if (!page) {
        // A token the EHR no longer takes is not offered again.
        signIn.forget();
        stop(answer.ok ? outboundFailure(work.reach.log, address, 'not a FHIR Bundle').error : answer.error);
        break;
      }
      summary.pages += 1;
      await work.inTenant(async (t) => {
        await applyPage(t, source, page.patients, summary);
        await work.onPage(t, { pagesRead: progress.pagesRead + 1, patientsProcessed: progress.patientsProcessed + page.patients.length });
      });
      progress.pagesRead += 1;
      progress.patientsProcessed += page.patients.length;
      if (page.next && new URL(page.next, source).origin !== origin) {
        stop('The next page is on another server; the sync stopped there.');
        break;
      }
      address = page.next ? new URL(page.next, source).toString() : null;
      if (!address) summary.complete = true;
    }
  }
  const outcome: SyncOutcome = { summary, error };
  await work.inTenant(async (t) => {
    if (summary.complete) {
      summary.lastSync = new Date().toISOString();
      await saveOrganizationSettingAt(t.tx, t.tenant.organizationId, ['integrations', 'epic', 'lastSync'], summary.lastSync);
    }
    const { messages, ...counts } = summary;
    await t.audit(
      'organization.patients-synced',
      { type: 'organization', id: t.tenant.organizationId },
      { integration: 'epic', source, runId: work.runId, ...counts, messages: messages.slice(0, 5) },
    );
    await work.onFinish(t, outcome);
  });
  return outcome;
}
