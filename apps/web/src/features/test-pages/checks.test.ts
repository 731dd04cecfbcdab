import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { failureOf, runCheck, skipped } from './checks';

describe('runCheck', () => {
  const clock = () => {
    let t = 100;
    return () => (t += 25);
  };

  it('passes when the call answers and the judge finds nothing wrong, keeping the raw answer and the time taken', async () => {
    const r = await runCheck(
      'Public Queue',
      async () => ({ success: true, patients: [] }),
      () => null,
      clock(),
    );
    expect(r).toMatchObject({ name: 'Public Queue', status: 'PASS', message: null, result: { success: true, patients: [] }, durationMs: 25 });
    expect(Date.parse(r.time)).not.toBeNaN();
  });

  it('fails with the judge’s reason when the answer lacks what the check looks for', async () => {
    const r = await runCheck(
      'Patient in Queue',
      async () => ({ patients: [] }),
      () => 'Test Patient is not in the queue',
    );
    expect(r).toMatchObject({ status: 'FAIL', message: 'Test Patient is not in the queue', result: { patients: [] } });
  });

  it('fails with the server’s refusal as the raw result when the call is refused', async () => {
    const r = await runCheck(
      'Retrieve Organization',
      async () => {
        throw new ApiError('You are not a member of this organization.', 403, 'access/not-a-member');
      },
      () => null,
    );
    expect(r).toMatchObject({
      status: 'FAIL',
      message: 'You are not a member of this organization.',
      result: { status: 403, code: 'access/not-a-member', message: 'You are not a member of this organization.' },
      answer: null,
    });
  });
});

describe('failureOf and skipped', () => {
  it('reads a thrown error that is not the server’s', () => {
    expect(failureOf(new Error('boom'))).toEqual({ status: 0, message: 'boom' });
  });
  it('marks a check not run as a FAIL saying why', () => {
    expect(skipped('Update Organization', 'no organization was created')).toMatchObject({
      status: 'FAIL',
      message: 'Not run: no organization was created',
    });
  });
});
