import { AE_SEVERITIES, compliancePercent, daysBetween, enrollmentPercent, localDate, type TrialReportId } from '@clinic/domain';
import { toCsv, type CsvCell } from '../../platform/csv.js';
import type { TenantRouteContext } from '../../platform/route/index.js';
import { memberNames } from '../members/index.js';
import { adverseEventList } from './adverse-events.service.js';
import { listEnrollments } from './enrollments.service.js';
import { trialRow } from './trials.service.js';

type Cell = CsvCell;

/** A report as data: heading lines, then one table. CSV and HTML are two renderings of it. */
interface TrialReport {
  title: string;
  summary: Array<[string, Cell]>;
  columns: string[];
  rows: Cell[][];
}

/** A study subject in reports meant for sponsors, boards and regulators: the screening number, never the name. */
const subjectOf = (e: { screeningNumber: string | null; id: string }) => e.screeningNumber ?? `ENR-${e.id.slice(0, 8)}`;

async function generatorName(ctx: TenantRouteContext): Promise<string> {
  const names = await memberNames(ctx.tx, ctx.tenant.organizationId, [ctx.actor.userId], 'user');
  return names.get(ctx.actor.userId) ?? ctx.actor.userId;
}

/** Builds one of the seven reports of a trial from its enrolments, visits and adverse events. */
async function buildReport(ctx: TenantRouteContext, trialId: string, report: TrialReportId): Promise<TrialReport> {
  const trial = await trialRow(ctx.tx, ctx.tenant.organizationId, trialId);
  const enrollments = await listEnrollments(ctx, trialId, false);
  const events = await adverseEventList(ctx, { trialId });
  const today = localDate(ctx.tenant.timeZone);
  const subjectByPatient = new Map(enrollments.map((e) => [e.patientId, subjectOf(e)]));
  const serious = events.filter((e) => e.serious);
  const byStatus = (s: string) => enrollments.filter((e) => e.status === s).length;
  const base: Array<[string, Cell]> = [
    ['Trial', trial.title],
    ['Phase', trial.phase],
    ['Status', trial.status],
    ['Sponsor', trial.sponsor],
    ['Principal investigator', trial.principalInvestigator],
    ['Protocol', trial.protocol],
  ];
  const allVisits = enrollments.flatMap((e) => e.visitSchedule);
  const overall = compliancePercent(allVisits, today);
  switch (report) {
    case 'enrollment':
      return {
        title: 'Enrollment Report',
        summary: [
          ...base,
          ['Target enrollment', trial.targetEnrollment],
          ['Current enrollment', trial.currentEnrollment],
          ['Enrollment percent', `${enrollmentPercent(trial.currentEnrollment, trial.targetEnrollment)}%`],
        ],
        columns: ['Screening number', 'Patient', 'Enrollment date', 'Randomization group', 'Status', 'Compliance %'],
        rows: enrollments.map((e) => [subjectOf(e), e.patientName, e.enrollmentDate, e.randomizationGroup, e.status, e.compliance]),
      };
    case 'safety':
      return {
        title: 'Safety Report',
        summary: [
          ...base,
          ['Adverse events', events.length],
          ['Serious adverse events', serious.length],
          ['Unresolved', events.filter((e) => !e.resolved).length],
        ],
        columns: [
          'Date',
          'Subject',
          'Patient',
          'Event type',
          'Severity',
          'Serious',
          'Relatedness',
          'Description',
          'Resolved',
          'Action taken',
          'Report due',
        ],
        rows: events.map((e) => [
          e.date,
          subjectByPatient.get(e.patientId) ?? null,
          e.patientName,
          e.eventType,
          e.severity,
          e.serious ? 'Yes' : 'No',
          e.relatedness,
          e.description,
          e.resolved ? 'Yes' : 'No',
          e.actionTaken,
          e.reportingDueDate,
        ]),
      };
    case 'compliance':
      return {
        title: 'Compliance Report',
        summary: [
          ...base,
          ['Visits due so far', allVisits.filter((v) => v.scheduledDate <= today).length],
          ['Overall compliance', overall === null ? 'No visits due' : `${overall}%`],
        ],
        columns: ['Screening number', 'Patient', 'Visit number', 'Visit name', 'Scheduled date', 'Completed date', 'Status'],
        rows: enrollments.flatMap((e) =>
          e.visitSchedule.map((v) => [subjectOf(e), e.patientName, v.visitNumber, v.visitName, v.scheduledDate, v.completedDate, v.status]),
        ),
      };
    case 'data-monitoring':
      return {
        title: 'Data Monitoring Report',
        summary: [...base, ['Subjects', enrollments.length], ['Overall compliance', overall === null ? 'No visits due' : `${overall}%`]],
        columns: ['Subject', 'Status', 'Visits due', 'Visits completed', 'Visits missed', 'Compliance %', 'Adverse events', 'Open adverse events'],
        rows: enrollments.map((e) => {
          const mine = events.filter((a) => a.patientId === e.patientId);
          return [
            subjectOf(e),
            e.status,
            e.visitSchedule.filter((v) => v.scheduledDate <= today).length,
            e.visitSchedule.filter((v) => v.status === 'Completed').length,
            e.visitSchedule.filter((v) => v.status === 'Missed').length,
            e.compliance,
            mine.length,
            mine.filter((a) => !a.resolved).length,
          ];
        }),
      };
    case 'fda-safety':
      return {
        title: 'FDA Safety Report (IND safety reports, 21 CFR 312.32)',
        summary: [...base, ['Regulatory approval', trial.regulatoryApproval], ['Serious adverse events', serious.length]],
        columns: ['Subject', 'Event date', 'Event type', 'Severity', 'Relatedness', 'Description', 'Report due', 'Days until due', 'Resolved'],
        rows: serious.map((e) => [
          subjectByPatient.get(e.patientId) ?? null,
          e.date,
          e.eventType,
          e.severity,
          e.relatedness,
          e.description,
          e.reportingDueDate,
          e.reportingDueDate ? daysBetween(today, e.reportingDueDate) : null,
          e.resolved ? 'Yes' : 'No',
        ]),
      };
    case 'irb-progress':
      return {
        title: 'IRB Progress Report',
        summary: [...base, ['Regulatory approval', trial.regulatoryApproval], ['Start date', trial.startDate], ['End date', trial.endDate]],
        columns: ['Measure', 'Value'],
        rows: [
          ['Target enrollment', trial.targetEnrollment],
          ['Enrolled (ever)', enrollments.length],
          ['Active', byStatus('Active')],
          ['Completed', byStatus('Completed')],
          ['Withdrawn', byStatus('Withdrawn')],
          ...enrollments.filter((e) => e.status === 'Withdrawn').map((e): Cell[] => [`Withdrawal ${subjectOf(e)}`, e.withdrawalReason]),
          ...AE_SEVERITIES.map((s): Cell[] => [`Adverse events: ${s}`, events.filter((e) => e.severity === s).length]),
          ['Serious adverse events', serious.length],
          ['Overall visit compliance %', overall],
        ],
      };
    case 'dsmb': {
      const groups = [...new Set(enrollments.map((e) => e.randomizationGroup ?? 'Unassigned'))].sort();
      return {
        title: 'DSMB Report',
        summary: [...base, ['Subjects', enrollments.length], ['Serious adverse events', serious.length]],
        columns: [
          'Randomization group',
          'Subjects',
          'Withdrawn',
          ...AE_SEVERITIES.map((s) => `${s} events`),
          'Serious events',
          'Unresolved events',
        ],
        rows: groups.map((g) => {
          const patients = new Set(enrollments.filter((e) => (e.randomizationGroup ?? 'Unassigned') === g).map((e) => e.patientId));
          const mine = events.filter((e) => patients.has(e.patientId));
          return [
            g,
            patients.size,
            enrollments.filter((e) => patients.has(e.patientId) && e.status === 'Withdrawn').length,
            ...AE_SEVERITIES.map((s) => mine.filter((e) => e.severity === s).length),
            mine.filter((e) => e.serious).length,
            mine.filter((e) => !e.resolved).length,
          ];
        }),
      };
    }
  }
}

const escapeHtml = (value: Cell) =>
  value === null ? '' : String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The report as CSV: the title, the summary lines, an empty line, then the table with its header. */
const reportCsv = (r: TrialReport) => toCsv([[r.title], ...r.summary, [], r.columns, ...r.rows]);

function toHtml(r: TrialReport): string {
  const summary = r.summary.map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('');
  const head = r.columns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join('');
  const body = r.rows.length
    ? r.rows.map((row) => `<tr>${row.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`).join('')
    : `<tr><td colspan="${r.columns.length}">No records</td></tr>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(r.title)}</title></head><body><main><h1>${escapeHtml(r.title)}</h1><table border="1" cellpadding="4"><tbody>${summary}</tbody></table><h2>Details</h2><table border="1" cellpadding="4"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></main></body></html>`;
}

/**
 * A trial's report as CSV or a printable HTML page, built from the database now, stamped with the
 * generation time and who generated it, and audited.
 */
export async function trialReport(ctx: TenantRouteContext, trialId: string, report: TrialReportId, format: 'csv' | 'html') {
  const built = await buildReport(ctx, trialId, report);
  const generatedAt = new Date().toISOString();
  built.summary.push(['Generated at', generatedAt], ['Generated by', await generatorName(ctx)]);
  await ctx.audit('trial.report-generated', { type: 'clinical_trial', id: trialId }, { report, format, rows: built.rows.length });
  const filename = `${report}-report-${trialId.slice(0, 8)}-${generatedAt.slice(0, 10)}.${format}`;
  return format === 'csv'
    ? { body: reportCsv(built), contentType: 'text/csv; charset=utf-8', filename }
    : { body: toHtml(built), contentType: 'text/html; charset=utf-8', filename };
}
