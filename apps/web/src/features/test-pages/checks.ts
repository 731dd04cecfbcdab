import { ApiError } from '../../api/client';

/** A check's verdict, as the test pages show it. */
export type CheckStatus = 'PASS' | 'FAIL';

/** One check of a test page: its verdict, the raw result it judged, when it ran and how long it took. */
export interface CheckResult {
  name: string;
  status: CheckStatus;
  /** Why it failed (the server's message, or what the answer lacked); null on a pass. */
  message: string | null;
  /** The server's answer as received, or the failure as the server gave it. */
  result: unknown;
  /** When the check finished (ISO). */
  time: string;
  /** How long the call took, in milliseconds. */
  durationMs: number;
}

/** A failed call as the server answered it (status, code, message, issues): the raw result of a FAIL. */
export function failureOf(error: unknown): { status: number; code?: string; message: string; issues?: unknown } {
  if (error instanceof ApiError) {
    return { status: error.status, code: error.code, message: error.message, ...(error.issues ? { issues: error.issues } : {}) };
  }
  return { status: 0, message: error instanceof Error ? error.message : String(error) };
}

/**
 * Runs one check: makes the call, then judges the answer (`judge` returns null when it passes, or
 * what was wrong). A refused or failed call is a FAIL with the server's message.
 */
export async function runCheck<T>(
  name: string,
  call: () => Promise<T>,
  judge: (answer: T) => string | null,
  now: () => number = () => performance.now(),
): Promise<CheckResult & { answer: T | null }> {
  const started = now();
  const finish = (status: CheckStatus, message: string | null, result: unknown, answer: T | null) => ({
    name,
    status,
    message,
    result,
    answer,
    time: new Date().toISOString(),
    durationMs: Math.round(now() - started),
  });
  try {
    const answer = await call();
    const problem = judge(answer);
    return finish(problem ? 'FAIL' : 'PASS', problem, answer, answer);
  } catch (error) {
    const failure = failureOf(error);
    return finish('FAIL', failure.message, failure, null);
  }
}

/** A check that could not run because an earlier one failed: a FAIL saying so. */
export function skipped(name: string, because: string): CheckResult {
  return { name, status: 'FAIL', message: `Not run: ${because}`, result: null, time: new Date().toISOString(), durationMs: 0 };
}
