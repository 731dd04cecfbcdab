import { SOC2_CRITERIA, SOC2_CRITERION_LABELS, type AuditTrailQuery, type Soc2Dashboard } from '@clinic/domain';
import type { AuditTrailRow } from '../../platform/audit-trail.js';

/** Text for HTML. */
export function esc(value: unknown): string {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const STYLE = `
body{font-family:system-ui,sans-serif;margin:2rem;color:#1a1a1a;max-width:70rem}
table{border-collapse:collapse;width:100%;margin:1rem 0}th,td{border:1px solid #999;padding:.35rem .5rem;text-align:left;vertical-align:top;font-size:.9rem}
th{background:#eee}.pass{color:#1b5e20}.fail{color:#b71c1c}form{display:flex;flex-wrap:wrap;gap:.75rem;align-items:end}
label{display:flex;flex-direction:column;font-size:.85rem}nav a{margin-right:1rem}
@media print{form,nav,.noprint{display:none}}`;

/** A whole page (the CSP allows the inline style; there is no script). */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The dated, printable SOC 2 report: each criterion, its checks and their evidence. */
export function reportPage(organizationName: string, d: Soc2Dashboard): string {
  const criteria = SOC2_CRITERIA.map((c) => {
    const s = d.complianceStatus[c];
    const checks = d.checks
      .filter((k) => k.criterion === c)
      .map(
        (k) =>
          `<tr><td>${esc(k.title)}</td><td class="${k.passed ? 'pass' : 'fail'}">${k.applicable ? (k.passed ? 'Passed' : 'Failed') : 'Not applicable'}</td><td>${esc(k.severity)}</td><td>${esc(k.evidence)}</td><td>${k.passed ? '' : esc(k.fix)}</td></tr>`,
      )
      .join('');
    return `<h2>${esc(SOC2_CRITERION_LABELS[c])}: ${esc(s.status)} (${s.score.toFixed(1)}%)</h2>
<table><thead><tr><th>Check</th><th>Result</th><th>Severity</th><th>Evidence</th><th>What to do</th></tr></thead><tbody>${checks}</tbody></table>`;
  }).join('');
  const r = d.riskAssessment;
  return page(
    `SOC 2 report, ${organizationName}`,
    `<h1>SOC 2 Compliance Report</h1>
<p>Organization: ${esc(organizationName)}<br>Generated: ${esc(d.lastUpdated)}<br>Checks run against the live system at the time above.</p>
<p>Overall risk: ${esc(r.overallRisk)} (critical ${r.criticalRisks}, high ${r.highRisks}, medium ${r.mediumRisks}, low ${r.lowRisks})</p>
${criteria}
<p class="noprint">Print this page (Ctrl+P) to keep a copy.</p>`,
  );
}

function link(query: AuditTrailQuery, change: Partial<AuditTrailQuery>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...query, ...change }))
    if (v !== undefined && v !== '' && !(k === 'format' && v === 'html')) params.set(k, String(v));
  return `/api/soc2/audit-trail?${params.toString()}`;
}

/** The audit trail viewer: filters (a plain GET form), the page of rows, pages and the CSV export. */
export function auditTrailPage(organizationName: string, query: AuditTrailQuery, rows: AuditTrailRow[], total: number): string {
  const pages = Math.max(1, Math.ceil(total / query.limit));
  const field = (name: keyof AuditTrailQuery, label: string, type = 'text') =>
    `<label>${label}<input type="${type}" name="${name}" value="${esc(query[name] ?? '')}"></label>`;
  const body = rows
    .map(
      (r) =>
        `<tr><td>${esc(r.at)}</td><td>${esc(r.actor ?? 'System')}</td><td>${esc(r.action)}</td><td>${esc(r.entityType ?? '')}${r.entityId ? ` ${esc(r.entityId)}` : ''}</td><td>${esc(r.ip ?? '')}</td><td>${esc(r.details)}</td></tr>`,
    )
    .join('');
  return page(
    `Audit trail, ${organizationName}`,
    `<h1>Audit Trail</h1><p>${esc(organizationName)}: ${total} events</p>
<form method="get" action="/api/soc2/audit-trail" aria-label="Filters">
${field('actor', 'Actor (e-mail)')}${field('action', 'Action')}${field('entity', 'Entity')}${field('from', 'From', 'date')}${field('to', 'To', 'date')}
<label>Per page<input type="number" name="limit" min="1" max="200" value="${query.limit}"></label>
<button type="submit">Filter</button></form>
<nav aria-label="Pages">${query.page > 1 ? `<a href="${esc(link(query, { page: query.page - 1 }))}">Previous</a>` : ''}
<span>Page ${query.page} of ${pages}</span>
${query.page < pages ? `<a href="${esc(link(query, { page: query.page + 1 }))}">Next</a>` : ''}
<a href="${esc(link(query, { format: 'csv', page: 1 }))}">Export CSV</a></nav>
<table><thead><tr><th>Time</th><th>Actor</th><th>Action</th><th>Entity</th><th>Address</th><th>Details</th></tr></thead><tbody>${body || '<tr><td colspan="6">No events match these filters.</td></tr>'}</tbody></table>`,
  );
}
