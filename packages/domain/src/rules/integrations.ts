import type { IntegrationDto } from '../contracts/emergency.js';
import type { EpicIntegration } from '../contracts/settings.js';

/**
 * The organization's connected systems and their health (the emergency room's Integrations tab, the
 * settings' Epic Test Connection). Each is reached through its FHIR R4 base URL: the EMR/EHR and the Epic EHR
 * for patients and encounters, the laboratory for DiagnosticReports and results, radiology for
 * ImagingStudies. A check reads the base's CapabilityStatement (`GET {base}/metadata`) from the
 * server; the status shown is what the checks found, never what a setting says.
 */

/** The integrations, in the order the dashboard lists them. */
export const INTEGRATION_IDS = ['emr', 'epic', 'lab', 'radiology'] as const;
/** One integration. */
export type IntegrationId = (typeof INTEGRATION_IDS)[number];

/** Uptime and error count cover the checks of this many days. */
export const INTEGRATION_UPTIME_DAYS = 7;
/** "Check connections" on the dashboard reuses a check younger than this instead of probing again. */
export const INTEGRATION_RECHECK_SECONDS = 30;

const CATALOGUE: Record<IntegrationId, Pick<IntegrationDto, 'name' | 'type'> & { dataFlow: string }> = {
  emr: { name: 'EMR/EHR (FHIR)', type: 'EMR', dataFlow: 'BIDIRECTIONAL' },
  epic: { name: 'Epic EHR (FHIR)', type: 'EMR', dataFlow: 'INBOUND' },
  lab: { name: 'Laboratory system', type: 'LAB', dataFlow: 'INBOUND' },
  radiology: { name: 'Radiology (PACS)', type: 'RADIOLOGY', dataFlow: 'INBOUND' },
};

/** One system as the organization's settings configure it. */
export interface IntegrationTarget {
  id: IntegrationId;
  /** The system's name as the organization wrote it, else the catalogue's. */
  name: string;
  type: IntegrationDto['type'];
  dataFlow: string;
  /** Enabled with a base URL: the only state in which it is checked. */
  configured: boolean;
  /** The FHIR base URL; '' when none is set. */
  endpoint: string;
  /** When patients were last imported (Epic's Sync Patients); null otherwise. */
  lastImport: string | null;
}

interface SystemSettings {
  enabled?: boolean;
  systemName?: string;
  endpoint?: string;
}

/** The organization's `settings.integrations`, as far as these rules read it. */
export interface IntegrationSettingsView {
  emr?: SystemSettings;
  lab?: SystemSettings;
  radiology?: SystemSettings;
  epic?: Partial<EpicIntegration>;
}

/** Every integration with its configuration (disabled ones too: the dashboard lists all four). */
export function integrationTargets(settings: IntegrationSettingsView | undefined): IntegrationTarget[] {
  return INTEGRATION_IDS.map((id) => {
    const entry = CATALOGUE[id];
    if (id === 'epic') {
      const epic = settings?.epic ?? {};
      const endpoint = typeof epic.baseUrl === 'string' ? epic.baseUrl : '';
      return {
        id,
        ...entry,
        configured: epic.enabled === true && endpoint !== '',
        endpoint,
        lastImport: epic.lastSync ?? null,
      };
    }
    const system = settings?.[id] ?? {};
    const endpoint = typeof system.endpoint === 'string' ? system.endpoint : '';
    return {
      id,
      ...entry,
      name: system.systemName?.trim() || entry.name,
      configured: system.enabled === true && endpoint !== '',
      endpoint,
      lastImport: null,
    };
  });
}

/** What the stored checks of one integration and endpoint add up to. */
export interface CheckSummary {
  /** The newest check. */
  latest: { ok: boolean; error: string | null; checkedAt: Date };
  /** The newest successful check, at any time. */
  lastSuccessAt: Date | null;
  /** Checks within the uptime window, and how many of them succeeded. */
  recentChecks: number;
  recentSuccesses: number;
}

/**
 * An integration's status from its checks: DISCONNECTED when it is not configured or has never been
 * checked at its current endpoint, CONNECTED when the newest check succeeded, ERROR with that
 * check's error when it failed. Uptime is the percentage of successful checks in the last
 * {@link INTEGRATION_UPTIME_DAYS} days (one decimal; null without checks), the error count the
 * failed ones; last sync is the newest successful contact, a check or a patient import.
 */
export function integrationStatus(target: IntegrationTarget, summary: CheckSummary | null): IntegrationDto {
  const base = {
    id: target.id,
    name: target.name,
    type: target.type,
    configured: target.configured,
    dataFlow: target.configured ? target.dataFlow : null,
  };
  if (!target.configured || !summary) {
    return {
      ...base,
      status: 'DISCONNECTED',
      lastSync: target.configured ? target.lastImport : null,
      lastCheck: null,
      lastError: null,
      errorCount: 0,
      uptime: null,
    };
  }
  const contacts = [summary.lastSuccessAt?.getTime(), target.lastImport ? Date.parse(target.lastImport) : undefined].filter(
    (t): t is number => t !== undefined && Number.isFinite(t),
  );
  return {
    ...base,
    status: summary.latest.ok ? 'CONNECTED' : 'ERROR',
    lastSync: contacts.length ? new Date(Math.max(...contacts)).toISOString() : null,
    lastCheck: summary.latest.checkedAt.toISOString(),
    lastError: summary.latest.ok ? null : summary.latest.error,
    errorCount: summary.recentChecks - summary.recentSuccesses,
    uptime: summary.recentChecks === 0 ? null : Math.round((summary.recentSuccesses / summary.recentChecks) * 1000) / 10,
  };
}
