/**
 * SOC 2 control checks (operations-and-public sections 2.5, 3 and 9): each check is a
 * pure function over facts the server gathers from the live system, so a fact that changes flips
 * its check. A criterion's score is passed / applicable, its status compliant (all pass), partial
 * or non-compliant (none pass); the risk assessment counts failing checks by severity.
 */

/** The five trust services criteria, in the dashboard's order. */
export const SOC2_CRITERIA = ['security', 'availability', 'processingIntegrity', 'confidentiality', 'privacy'] as const;
/** One criterion. */
export type Soc2Criterion = (typeof SOC2_CRITERIA)[number];
/** The label of each criterion (its tab). */
export const SOC2_CRITERION_LABELS: Record<Soc2Criterion, string> = {
  security: 'Security',
  availability: 'Availability',
  processingIntegrity: 'Processing Integrity',
  confidentiality: 'Confidentiality',
  privacy: 'Privacy',
};

/** How bad a failing check is. */
export type Soc2Severity = 'critical' | 'high' | 'medium' | 'low';
/** A criterion's status. */
export type Soc2Status = 'compliant' | 'partial' | 'non-compliant';

/** The outcome of one check. */
export interface Soc2CheckResult {
  id: string;
  criterion: Soc2Criterion;
  title: string;
  /** False when the check does not apply to this system (it then counts neither way). */
  applicable: boolean;
  passed: boolean;
  severity: Soc2Severity;
  /** What was measured. */
  evidence: string;
  /** What to do when it fails. */
  fix: string;
}

const pct = (n: number) => `${(Math.round(n * 1000) / 10).toFixed(1)}%`;

/** MFA adoption: every active member enrolled in two-factor authentication. */
export function mfaAdoptionCheck(input: { activeMembers: number; enrolledMembers: number }): Soc2CheckResult {
  const { activeMembers, enrolledMembers } = input;
  return {
    id: 'mfa-adoption',
    criterion: 'security',
    title: 'Multi-factor authentication adoption',
    applicable: activeMembers > 0,
    passed: activeMembers > 0 && enrolledMembers >= activeMembers,
    severity: 'high',
    evidence: `${enrolledMembers} of ${activeMembers} active members use two-factor authentication.`,
    fix: 'Enable two-factor authentication for every member (required for healthcare providers and administrators).',
  };
}

/** Shortest password length a strong policy asks for (NIST SP 800-63B asks at least 8). */
export const STRONG_PASSWORD_MIN_LENGTH = 8;

/** The password policy: long enough, and common passwords refused. */
export function passwordPolicyCheck(input: { minLength: number; refusesCommonPasswords: boolean }): Soc2CheckResult {
  const passed = input.minLength >= STRONG_PASSWORD_MIN_LENGTH && input.refusesCommonPasswords;
  return {
    id: 'password-policy',
    criterion: 'security',
    title: 'Password policy strength',
    applicable: true,
    passed,
    severity: 'medium',
    evidence: `Minimum length ${input.minLength}; common passwords ${input.refusesCommonPasswords ? 'refused' : 'allowed'}.`,
    fix: `Require at least ${STRONG_PASSWORD_MIN_LENGTH} characters and refuse common passwords.`,
  };
}

/** Highest share of failed sign-ins in 24 hours before it looks like guessing. */
export const MAX_FAILED_SIGN_IN_RATE = 0.2;

/** Failed sign-ins of the organization's members over the last 24 hours. */
export function failedSignInCheck(input: { attempts: number; failures: number }): Soc2CheckResult {
  const rate = input.attempts > 0 ? input.failures / input.attempts : 0;
  return {
    id: 'failed-sign-ins',
    criterion: 'security',
    title: 'Failed sign-in rate (24 h)',
    applicable: true,
    passed: rate <= MAX_FAILED_SIGN_IN_RATE,
    severity: 'medium',
    evidence: `${input.failures} failed of ${input.attempts} sign-ins (${pct(rate)}).`,
    fix: 'Review the failed sign-ins in the audit trail and lock or reset the accounts under attack.',
  };
}

/** Audit rows cannot be changed or removed by the application's database role. */
export function auditImmutableCheck(input: { appCanUpdate: boolean; appCanDelete: boolean; guardTrigger: boolean }): Soc2CheckResult {
  const passed = !input.appCanUpdate && !input.appCanDelete && input.guardTrigger;
  return {
    id: 'audit-immutable',
    criterion: 'processingIntegrity',
    title: 'Audit rows immutable',
    applicable: true,
    passed,
    severity: 'critical',
    evidence: `Application role may ${input.appCanUpdate ? '' : 'not '}update and may ${input.appCanDelete ? '' : 'not '}delete audit rows; guard trigger ${input.guardTrigger ? 'present' : 'missing'}.`,
    fix: 'Revoke UPDATE and DELETE on audit_events from clinic_app and restore the append-only trigger.',
  };
}

/** Row-level security is on and forced for every table that holds an organization's rows. */
export function tenantRlsCheck(input: { tenantTables: number; unprotected: readonly string[] }): Soc2CheckResult {
  return {
    id: 'tenant-rls',
    criterion: 'confidentiality',
    title: 'Row-level security on every tenant table',
    applicable: input.tenantTables > 0,
    passed: input.unprotected.length === 0,
    severity: 'critical',
    evidence:
      input.unprotected.length === 0
        ? `${input.tenantTables} tenant tables have forced row-level security.`
        : `Without forced row-level security: ${input.unprotected.join(', ')}.`,
    fix: "Run SELECT enable_tenant_rls('<table>') for each listed table in a migration.",
  };
}

/** Encryption in transit: the public address is https (the server then sends HSTS). */
export function transportSecurityCheck(input: { publicUrl: string | null }): Soc2CheckResult {
  const https = input.publicUrl?.startsWith('https://') ?? false;
  return {
    id: 'tls-hsts',
    criterion: 'confidentiality',
    title: 'TLS and HSTS in front of the server',
    applicable: true,
    passed: https,
    severity: 'high',
    evidence: input.publicUrl ? `PUBLIC_URL is ${input.publicUrl}${https ? '; HSTS is sent' : ''}.` : 'PUBLIC_URL is not set.',
    fix: 'Serve the platform behind TLS 1.2+ and set PUBLIC_URL to its https address.',
  };
}

/** Backups: a backup target is configured. */
export function backupCheck(input: { backupTarget: string | null }): Soc2CheckResult {
  return {
    id: 'backups',
    criterion: 'availability',
    title: 'Backups configured',
    applicable: true,
    passed: Boolean(input.backupTarget),
    severity: 'high',
    evidence: input.backupTarget ? 'A backup target is configured (BACKUP_URL).' : 'No backup target is configured (BACKUP_URL).',
    fix: 'Configure hourly database backups (RPO 1 hour) and set BACKUP_URL to their target.',
  };
}

/** Highest share of server errors among answered requests. */
export const MAX_SERVER_ERROR_RATE = 0.01;

/** Server errors (5xx) among the requests answered over the measured window. */
export function serverErrorRateCheck(input: { requests: number; serverErrors: number; window: string }): Soc2CheckResult {
  const rate = input.requests > 0 ? input.serverErrors / input.requests : 0;
  return {
    id: 'server-errors',
    criterion: 'availability',
    title: `Server error rate (${input.window})`,
    applicable: true,
    passed: rate <= MAX_SERVER_ERROR_RATE,
    severity: 'medium',
    evidence: `${input.serverErrors} server errors in ${input.requests} requests (${pct(rate)}).`,
    fix: 'Look up the failing requests in the server log by request id and fix their cause.',
  };
}

/** Fewest years records and audit logs are kept (the policies say at least 7). */
export const MIN_RETENTION_YEARS = 7;

/** A data retention setting of at least 7 years is present for the organization. */
export function dataRetentionCheck(input: { retentionYears: number | null }): Soc2CheckResult {
  const years = input.retentionYears;
  return {
    id: 'data-retention',
    criterion: 'privacy',
    title: 'Data retention setting',
    applicable: true,
    passed: years !== null && years >= MIN_RETENTION_YEARS,
    severity: 'low',
    evidence: years === null ? 'No data retention is set by an administrator.' : `Data retention is ${years} years.`,
    fix: `An Admin sets data retention (Settings, Security) to at least ${MIN_RETENTION_YEARS} years.`,
  };
}

/** A criterion's status on the dashboard. */
export interface Soc2CriterionStatus {
  status: Soc2Status;
  score: number;
  lastTested: string;
  issues: string[];
}

/** The criterion's status from its checks: score = passed / applicable (one decimal). */
export function criterionStatus(checks: readonly Soc2CheckResult[], testedAt: string): Soc2CriterionStatus {
  const applicable = checks.filter((c) => c.applicable);
  const passed = applicable.filter((c) => c.passed).length;
  const score = applicable.length === 0 ? 100 : Math.round((passed / applicable.length) * 1000) / 10;
  const status: Soc2Status = passed === applicable.length ? 'compliant' : passed === 0 ? 'non-compliant' : 'partial';
  const issues = applicable.filter((c) => !c.passed).map((c) => `${c.title}: ${c.fix}`);
  return { status, score, lastTested: testedAt, issues };
}

/** Open findings by severity and the overall level. */
export interface Soc2RiskAssessment {
  overallRisk: Soc2Severity;
  criticalRisks: number;
  highRisks: number;
  mediumRisks: number;
  lowRisks: number;
}

/** The risk assessment: the failing checks counted by severity; overall is the worst (low when none fail). */
export function riskAssessment(checks: readonly Soc2CheckResult[]): Soc2RiskAssessment {
  const failing = checks.filter((c) => c.applicable && !c.passed);
  const count = (s: Soc2Severity) => failing.filter((c) => c.severity === s).length;
  const counts = { criticalRisks: count('critical'), highRisks: count('high'), mediumRisks: count('medium'), lowRisks: count('low') };
  const overallRisk: Soc2Severity = counts.criticalRisks ? 'critical' : counts.highRisks ? 'high' : counts.mediumRisks ? 'medium' : 'low';
  return { overallRisk, ...counts };
}

/** Uptime as the spec shows it: days, hours, minutes. */
export function uptimeParts(seconds: number): { days: number; hours: number; minutes: number } {
  const s = Math.max(0, Math.floor(seconds));
  return { days: Math.floor(s / 86400), hours: Math.floor((s % 86400) / 3600), minutes: Math.floor((s % 3600) / 60) };
}

/** Bytes in 1024 units with one decimal ("1.5 GB"). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i += 1;
  }
  return `${v.toFixed(1)} ${units[i]}`;
}

/**
 * The audit actions that are security events (failed sign-ins, lockouts, permission changes,
 * refusals, exports) and the severity the dashboard gives each.
 */
export const SECURITY_EVENT_SEVERITY: Record<string, Soc2Severity> = {
  'auth.sign-in-failed': 'medium',
  'auth.sign-in-throttled': 'high',
  'auth.sign-in-lock-cleared': 'low',
  'member.updated': 'medium',
  'member.role-changed': 'high',
  'access.refused': 'medium',
  'access.cross-tenant-refused': 'high',
  'visitor.export': 'low',
  'soc2.audit-trail-exported': 'low',
  'soc2.report-generated': 'low',
};
/** The security event actions. */
export const SECURITY_EVENT_ACTIONS = Object.keys(SECURITY_EVENT_SEVERITY);
