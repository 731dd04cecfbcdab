import { describe, expect, it } from 'vitest';
import { integrationStatus, integrationTargets, type CheckSummary, type IntegrationSettingsView } from './integrations.js';

const at = (iso: string) => new Date(iso);

describe('integrationTargets', () => {
  it('lists the four integrations, none configured without settings', () => {
    const targets = integrationTargets(undefined);
    expect(targets.map((t) => t.id)).toEqual(['emr', 'epic', 'lab', 'radiology']);
    expect(targets.every((t) => !t.configured && t.endpoint === '')).toBe(true);
  });

  it('is configured only when enabled and given a base URL', () => {
    const [emr, epic, lab, radiology] = integrationTargets({
      emr: { enabled: true, systemName: ' Cerner ', endpoint: 'https://ehr.example.org/fhir' },
      lab: { enabled: true, endpoint: '' },
      radiology: { enabled: false, endpoint: 'https://pacs.example.org/fhir' },
      epic: { enabled: true, baseUrl: 'http://10.0.0.5/fhir', lastSync: '2026-11-01T10:00:00.000Z' },
    });
    expect(emr).toMatchObject({ configured: true, name: 'Cerner' });
    expect(epic).toMatchObject({ configured: true, lastImport: '2026-11-01T10:00:00.000Z' });
    expect(lab.configured).toBe(false);
    expect(radiology).toMatchObject({ configured: false, name: 'Radiology (PACS)' });
  });

  it('carries no permission of its own to reach private addresses, whatever an older version stored', () => {
    const stored = { enabled: true, baseUrl: 'http://10.0.0.5/fhir', allowOnPremise: true } as IntegrationSettingsView['epic'];
    const epic = integrationTargets({ epic: stored }).find((t) => t.id === 'epic')!;
    expect(Object.keys(epic).sort()).toEqual(['configured', 'dataFlow', 'endpoint', 'id', 'lastImport', 'name', 'type']);
  });
});

describe('integrationStatus', () => {
  const [target] = integrationTargets({ emr: { enabled: true, endpoint: 'https://ehr.example.org/fhir' } });
  const summary = (over: Partial<CheckSummary> = {}): CheckSummary => ({
    latest: { ok: true, error: null, checkedAt: at('2026-11-26T10:00:00.000Z') },
    lastSuccessAt: at('2026-11-26T10:00:00.000Z'),
    recentChecks: 4,
    recentSuccesses: 3,
    ...over,
  });

  it('is DISCONNECTED before any check, even when configured', () => {
    expect(integrationStatus(target, null)).toMatchObject({
      status: 'DISCONNECTED',
      configured: true,
      lastCheck: null,
      uptime: null,
      errorCount: 0,
    });
  });

  it('is DISCONNECTED when not configured, whatever the old checks said', () => {
    const [off] = integrationTargets({ emr: { enabled: false, endpoint: 'https://ehr.example.org/fhir' } });
    expect(integrationStatus(off, summary())).toMatchObject({ status: 'DISCONNECTED', dataFlow: null, lastSync: null });
  });

  it('is CONNECTED after a successful check, with uptime and errors of the window', () => {
    expect(integrationStatus(target, summary())).toEqual({
      id: 'emr',
      name: 'EMR/EHR (FHIR)',
      type: 'EMR',
      configured: true,
      dataFlow: 'BIDIRECTIONAL',
      status: 'CONNECTED',
      lastSync: '2026-11-26T10:00:00.000Z',
      lastCheck: '2026-11-26T10:00:00.000Z',
      lastError: null,
      errorCount: 1,
      uptime: 75,
    });
  });

  it('is ERROR with the error when the newest check failed; last sync stays the last success', () => {
    const status = integrationStatus(
      target,
      summary({
        latest: { ok: false, error: 'The server answered 503.', checkedAt: at('2026-11-26T11:00:00.000Z') },
        recentChecks: 3,
        recentSuccesses: 1,
      }),
    );
    expect(status).toMatchObject({
      status: 'ERROR',
      lastError: 'The server answered 503.',
      lastSync: '2026-11-26T10:00:00.000Z',
      errorCount: 2,
      uptime: 33.3,
    });
  });

  it('reports no uptime when every check is older than the window', () => {
    expect(integrationStatus(target, summary({ recentChecks: 0, recentSuccesses: 0 }))).toMatchObject({
      status: 'CONNECTED',
      uptime: null,
      errorCount: 0,
    });
  });

  it('takes a later patient import as the last sync', () => {
    const [, epic] = integrationTargets({
      epic: { enabled: true, baseUrl: 'https://fhir.epic.example/R4', lastSync: '2026-11-26T12:00:00.000+01:00' },
    });
    expect(integrationStatus(epic, summary()).lastSync).toBe('2026-11-26T11:00:00.000Z');
    expect(integrationStatus(epic, summary({ lastSuccessAt: null })).lastSync).toBe('2026-11-26T11:00:00.000Z');
  });
});
