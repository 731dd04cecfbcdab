import type { EmergencyDashboardDto } from '@clinic/domain';
import type { TenantRouteContext } from '../../platform/route/index.js';
import { integrationStatuses } from '../integrations/index.js';
import { listAlerts } from './alerts.service.js';
import { boardEntries, highRiskPatients, pediatricPatients, riskAssessments, vitalsRecords } from './board-readers.js';
import { facility } from './board.service.js';
import { listMassCasualtyEvents } from './mass-casualty.service.js';
import { emergencyMetrics } from './metrics.service.js';
import { listProtocols } from './protocols.service.js';

/** The dashboard's sections, as the section reloads name them. */
export type EmergencySection =
  'alerts' | 'high-risk' | 'protocols' | 'vitals' | 'risk-assessments' | 'pediatric' | 'mass-casualty' | 'metrics' | 'integrations' | 'dashboard';

/** Audits a read of the board: the section and the patients (and queue entries) it showed. */
async function auditRead(
  ctx: TenantRouteContext,
  section: EmergencySection,
  shown: Array<{ patientId: string | null; queueEntryId?: string | null }>,
) {
  await ctx.audit(
    'emergency.read',
    { type: 'emergency_dashboard' },
    {
      section,
      patients: [...new Set(shown.map((s) => s.patientId).filter(Boolean))],
      entries: [...new Set(shown.map((s) => s.queueEntryId).filter(Boolean))],
    },
  );
}

/** One section of the board (a tab's reload); patient data read is audited. */
export async function emergencySection(ctx: TenantRouteContext, section: Exclude<EmergencySection, 'dashboard'>, now = new Date()) {
  switch (section) {
    case 'alerts': {
      const alerts = await listAlerts(ctx, now);
      await auditRead(ctx, section, alerts);
      return { alerts };
    }
    case 'high-risk': {
      const patients = highRiskPatients(await boardEntries(ctx), now);
      await auditRead(
        ctx,
        section,
        patients.map((p) => ({ patientId: p.patientId, queueEntryId: p.id })),
      );
      return { patients };
    }
    case 'protocols':
      return { protocols: await listProtocols(ctx) };
    case 'vitals': {
      const vitals = await vitalsRecords(ctx);
      await auditRead(ctx, section, vitals);
      return { vitals };
    }
    case 'risk-assessments': {
      const assessments = await riskAssessments(ctx, now);
      await auditRead(ctx, section, assessments);
      return { assessments };
    }
    case 'pediatric': {
      const patients = pediatricPatients(await boardEntries(ctx));
      await auditRead(
        ctx,
        section,
        patients.map((p) => ({ patientId: p.patientId, queueEntryId: p.id })),
      );
      return { patients };
    }
    case 'mass-casualty': {
      const events = await listMassCasualtyEvents(ctx);
      await auditRead(
        ctx,
        section,
        events.flatMap((e) => e.patients),
      );
      return { events };
    }
    case 'metrics':
      return { metrics: await emergencyMetrics(ctx, now) };
    case 'integrations':
      return { integrations: await integrationStatuses(ctx, now) };
  }
}

/**
 * The board as every poll reads it: the header, the Overview's sections and the small ones, in the
 * request's one transaction (its statements go in turn on the connection, each section's own work
 * meanwhile); patient data read is audited once. The vitals and the risk assessments are their
 * tabs' own reloads (`emergencySection`), read only while their tab is open.
 */
export async function emergencyDashboard(ctx: TenantRouteContext, now = new Date()): Promise<EmergencyDashboardDto> {
  const [header, alerts, entries, protocols, massCasualtyEvents, metrics, integrations] = await Promise.all([
    facility(ctx, now),
    listAlerts(ctx, now),
    boardEntries(ctx),
    listProtocols(ctx),
    listMassCasualtyEvents(ctx),
    emergencyMetrics(ctx, now),
    integrationStatuses(ctx, now),
  ]);
  const data: EmergencyDashboardDto = {
    facility: header,
    alerts,
    highRiskPatients: highRiskPatients(entries, now),
    protocols,
    pediatricPatients: pediatricPatients(entries),
    massCasualtyEvents,
    metrics,
    integrations,
  };
  await auditRead(ctx, 'dashboard', [
    ...data.alerts,
    ...data.highRiskPatients.map((p) => ({ patientId: p.patientId, queueEntryId: p.id })),
    ...data.pediatricPatients.map((p) => ({ patientId: p.patientId, queueEntryId: p.id })),
    ...data.massCasualtyEvents.flatMap((e) => e.patients),
  ]);
  return data;
}
