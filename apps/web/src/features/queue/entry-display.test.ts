import { describe, expect, it } from 'vitest';
import { cardRecommendations, cardTone, guidelineUse, splitQueue } from './entry-display';

describe('queue entry display', () => {
  it('makes a card red for immediate attention, yellow only above 50, otherwise plain', () => {
    expect(cardTone({ requiresImmediateAttention: true, riskScore: 85 })).toBe('red');
    expect(cardTone({ requiresImmediateAttention: false, riskScore: 51 })).toBe('yellow');
    expect(cardTone({ requiresImmediateAttention: false, riskScore: 50 })).toBeNull();
  });

  it('shows three recommendation chips and counts the rest as +N more', () => {
    expect(cardRecommendations([1, 2, 3, 4, 5])).toEqual({ shown: [1, 2, 3], more: 2 });
    expect(cardRecommendations([1, 2])).toEqual({ shown: [1, 2], more: 0 });
  });

  it('keeps in-progress entries out of the waiting list', () => {
    const { waiting, inCare } = splitQueue([
      { id: 'a', status: 'waiting' },
      { id: 'b', status: 'in-progress' },
    ]);
    expect(waiting.map((p) => p.id)).toEqual(['a']);
    expect(inCare.map((p) => p.id)).toEqual(['b']);
  });

  it('lists each guideline once with the patients it applies to', () => {
    const entry = (patientName: string, clinicalGuidelines: string[]) => ({ patientName, clinicalGuidelines }) as never;
    expect(guidelineUse([entry('A B', ['X', 'Y', 'X']), entry('C D', ['X'])])).toEqual([
      { guideline: 'X', patients: ['A B', 'C D'] },
      { guideline: 'Y', patients: ['A B'] },
    ]);
  });
});
