import { AUTH_MESSAGES } from '@clinic/domain';
import { VISITOR_REFUSALS } from '@clinic/domain/rules/visitors';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { statusFor } from './errors.js';

/**
 * A code the status table does not know falls back to 500, so a refusal thrown with a new code
 * reaches the caller as "Something went wrong on our side" and the logs as a server fault. Every
 * code the server throws is a 4xx, except the few that mean the deployment lacks a service.
 */
const SOURCE = fileURLToPath(new URL('..', import.meta.url));
/** 5xx by design: an unexpected fault, or a service this deployment has not configured. */
const DELIBERATE_5XX = /^(internal|service\/unavailable|[a-z-]+\/not-configured)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every error code written out where an `AppError` is made, and the domain's tables of refusal codes. */
function thrownCodes(): string[] {
  // `auth/network-request-failed` is the web client's own, for a request that never got an answer.
  const auth = Object.keys(AUTH_MESSAGES).filter((code) => code !== 'auth/network-request-failed');
  const codes = new Set<string>([...auth, ...Object.keys(VISITOR_REFUSALS)]);
  for (const file of sourceFiles(SOURCE)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/new AppError\(\s*'([^']+)'/g)) codes.add(m[1]);
  }
  return [...codes].sort();
}

describe('error codes', () => {
  it('every code the server throws answers a 4xx, unless it means a fault or a missing service', () => {
    const codes = thrownCodes();
    expect(codes.length).toBeGreaterThan(40);
    const fiveHundreds = codes.filter((code) => statusFor(code) >= 500 && !DELIBERATE_5XX.test(code));
    expect(fiveHundreds, 'add these codes to STATUS_BY_CODE in platform/errors.ts').toEqual([]);
  });

  it('a wrong current password when changing it is a 400 naming the field', () => {
    expect(statusFor('auth/wrong-current-password')).toBe(400);
  });
});
