import { z } from 'zod';
import { syncSummary } from './settings.js';

/**
 * The Epic connection's background work and signing keys: Sync Patients runs (their progress and
 * history) and the keys SMART Backend Services signs with, published as a JWKS.
 */

/** The states of a Sync Patients run: waiting for a worker, worked on, then done either way. */
export const EHR_SYNC_RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
/** The state of a Sync Patients run. */
export type EhrSyncRunStatus = (typeof EHR_SYNC_RUN_STATUSES)[number];

/** How far a running Sync Patients has come. */
export const ehrSyncProgress = z.object({
  /** Pages of the EHR's Patient search read. */
  pagesRead: z.number().int(),
  /** Patients of those pages applied (created, updated, unchanged, skipped or failed). */
  patientsProcessed: z.number().int(),
});
/** How far a running Sync Patients has come. */
export type EhrSyncProgress = z.infer<typeof ehrSyncProgress>;

/** One Sync Patients run, as the settings screen shows it (its progress, then its summary or error). */
export const ehrSyncRun = z.object({
  id: z.string(),
  status: z.enum(EHR_SYNC_RUN_STATUSES),
  requestedAt: z.string(),
  /** The name of the member who asked for it; null when they are no longer a member. */
  requestedBy: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** How many times a worker took it up (more than one after an instance stopped during it). */
  attempts: z.number().int(),
  progress: ehrSyncProgress.nullable(),
  summary: syncSummary.nullable(),
  /** Why it failed (a refused sign-in gives the EHR's own reason); null otherwise. */
  error: z.string().nullable(),
});
/** One Sync Patients run. */
export type EhrSyncRun = z.infer<typeof ehrSyncRun>;

/** `GET /api/settings/integrations/epic/sync-runs` query: how many of the newest runs. */
export const ehrSyncRunsQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(20) });

/** One of the organization's signing keys for SMART Backend Services, as the settings screen lists it (never its private half). */
export const epicSigningKey = z.object({
  kid: z.string(),
  algorithm: z.string(),
  createdAt: z.string(),
  /** When it was rotated out; null for the key that signs. */
  retiredAt: z.string().nullable(),
  /** Until when the JWKS still publishes a retired key; null while it signs. */
  publishedUntil: z.string().nullable(),
});
/** One of the organization's signing keys. */
export type EpicSigningKey = z.infer<typeof epicSigningKey>;

/** A public key as the JWKS publishes it (elliptic curve: the keys the server makes). */
export const publishedJwk = z.object({
  kty: z.string(),
  crv: z.string(),
  x: z.string(),
  y: z.string(),
  kid: z.string(),
  alg: z.string(),
  use: z.literal('sig'),
});

/** `GET /api/integrations/epic/jwks.json` answer: the organization's published public keys (RFC 7517), nothing else. */
export const epicJwks = z.object({ keys: z.array(publishedJwk) });
