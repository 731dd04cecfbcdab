import { describe, expect, it } from 'vitest';
import {
  auditImmutableCheck,
  backupCheck,
  criterionStatus,
  dataRetentionCheck,
  failedSignInCheck,
  formatBytes,
  mfaAdoptionCheck,
  passwordPolicyCheck,
  riskAssessment,
  serverErrorRateCheck,
  tenantRlsCheck,
  transportSecurityCheck,
  uptimeParts,
} from './soc2.js';

const at = '2026-01-01T00:00:00.000Z';

describe('SOC 2 checks', () => {
  it('MFA adoption passes only when every active member is enrolled', () => {
    expect(mfaAdoptionCheck({ activeMembers: 5, enrolledMembers: 0 }).passed).toBe(false);
    expect(mfaAdoptionCheck({ activeMembers: 5, enrolledMembers: 4 }).passed).toBe(false);
    expect(mfaAdoptionCheck({ activeMembers: 5, enrolledMembers: 5 }).passed).toBe(true);
    expect(mfaAdoptionCheck({ activeMembers: 0, enrolledMembers: 0 }).applicable).toBe(false);
  });

  it('password policy needs 8 characters and common passwords refused', () => {
    expect(passwordPolicyCheck({ minLength: 7, refusesCommonPasswords: true }).passed).toBe(false);
    expect(passwordPolicyCheck({ minLength: 8, refusesCommonPasswords: true }).passed).toBe(true);
    expect(passwordPolicyCheck({ minLength: 12, refusesCommonPasswords: false }).passed).toBe(false);
  });

  it('failed sign-ins pass up to 20% and fail above', () => {
    expect(failedSignInCheck({ attempts: 10, failures: 2 }).passed).toBe(true);
    expect(failedSignInCheck({ attempts: 10, failures: 3 }).passed).toBe(false);
    expect(failedSignInCheck({ attempts: 0, failures: 0 }).passed).toBe(true);
  });

  it('audit immutability fails on any write right or a missing trigger', () => {
    expect(auditImmutableCheck({ appCanUpdate: false, appCanDelete: false, guardTrigger: true }).passed).toBe(true);
    expect(auditImmutableCheck({ appCanUpdate: true, appCanDelete: false, guardTrigger: true }).passed).toBe(false);
    expect(auditImmutableCheck({ appCanUpdate: false, appCanDelete: true, guardTrigger: true }).passed).toBe(false);
    expect(auditImmutableCheck({ appCanUpdate: false, appCanDelete: false, guardTrigger: false }).passed).toBe(false);
  });

  it('RLS fails when a tenant table is unprotected', () => {
    expect(tenantRlsCheck({ tenantTables: 3, unprotected: [] }).passed).toBe(true);
    const r = tenantRlsCheck({ tenantTables: 3, unprotected: ['visitors'] });
    expect(r.passed).toBe(false);
    expect(r.evidence).toContain('visitors');
  });

  it('transport security passes only with an https public address', () => {
    expect(transportSecurityCheck({ publicUrl: null }).passed).toBe(false);
    expect(transportSecurityCheck({ publicUrl: 'http://clinic.example' }).passed).toBe(false);
    expect(transportSecurityCheck({ publicUrl: 'https://clinic.example' }).passed).toBe(true);
  });

  it('backups pass when a target is configured', () => {
    expect(backupCheck({ backupTarget: null }).passed).toBe(false);
    expect(backupCheck({ backupTarget: 's3://backups' }).passed).toBe(true);
  });

  it('server errors pass up to 1%', () => {
    expect(serverErrorRateCheck({ requests: 100, serverErrors: 1, window: '24 h' }).passed).toBe(true);
    expect(serverErrorRateCheck({ requests: 100, serverErrors: 2, window: '24 h' }).passed).toBe(false);
  });

  it('data retention passes at 7 years and fails below or when unset', () => {
    expect(dataRetentionCheck({ retentionYears: null }).passed).toBe(false);
    expect(dataRetentionCheck({ retentionYears: 6 }).passed).toBe(false);
    expect(dataRetentionCheck({ retentionYears: 7 }).passed).toBe(true);
  });

  it('a criterion is compliant, partial or non-compliant by its passed share', () => {
    const pass = backupCheck({ backupTarget: 'x' });
    const fail = serverErrorRateCheck({ requests: 10, serverErrors: 5, window: '24 h' });
    expect(criterionStatus([pass, pass], at)).toMatchObject({ status: 'compliant', score: 100, issues: [] });
    const partial = criterionStatus([pass, fail, pass], at);
    expect(partial).toMatchObject({ status: 'partial', score: 66.7 });
    expect(partial.issues).toHaveLength(1);
    expect(criterionStatus([fail], at)).toMatchObject({ status: 'non-compliant', score: 0 });
    expect(criterionStatus([mfaAdoptionCheck({ activeMembers: 0, enrolledMembers: 0 })], at).status).toBe('compliant');
  });

  it('the risk assessment counts failing checks and takes the worst as overall', () => {
    expect(riskAssessment([backupCheck({ backupTarget: 'x' })]).overallRisk).toBe('low');
    const r = riskAssessment([backupCheck({ backupTarget: null }), dataRetentionCheck({ retentionYears: null })]);
    expect(r).toEqual({ overallRisk: 'high', criticalRisks: 0, highRisks: 1, mediumRisks: 0, lowRisks: 1 });
  });

  it('uptime and memory use the spec formats', () => {
    expect(uptimeParts(2 * 86400 + 3 * 3600 + 4 * 60 + 59)).toEqual({ days: 2, hours: 3, minutes: 4 });
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1024 ** 3)).toBe('1.0 GB');
  });
});
