import { describe, expect, it } from 'vitest';
import { TRIAGE_EMPTY_MESSAGE, triageAssessBody } from './triage.js';

const messages = (r: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('triage assess body', () => {
  it("refuses empty or blank symptoms with the page's message", () => {
    for (const symptoms of ['', '   \n']) {
      const r = triageAssessBody.safeParse({ symptoms });
      expect(messages(r)).toEqual([`symptoms: ${TRIAGE_EMPTY_MESSAGE}`]);
    }
    expect(messages(triageAssessBody.safeParse({}))).toEqual([`symptoms: ${TRIAGE_EMPTY_MESSAGE}`]);
  });

  it('accepts 1 to 2000 characters after trimming, not 2001', () => {
    expect(triageAssessBody.parse({ symptoms: '  a  ' })).toEqual({ symptoms: 'a' });
    expect(triageAssessBody.safeParse({ symptoms: 'x'.repeat(2000) }).success).toBe(true);
    expect(triageAssessBody.safeParse({ symptoms: 'x'.repeat(2001) }).success).toBe(false);
  });
});
