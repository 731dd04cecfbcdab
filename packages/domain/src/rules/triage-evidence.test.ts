import { describe, expect, it } from 'vitest';
import { assessTriage } from './triage.js';
import { triageEvidence } from './triage-evidence.js';

describe('triage evidence (deterministic AI confidence)', () => {
  it('gives 0 and so 80 % when nothing is recognised in a short text', () => {
    expect(triageEvidence('itchy elbow')).toBe(0);
    expect(assessTriage('itchy elbow', triageEvidence('itchy elbow')).aiConfidence).toBe(80);
  });

  it('adds 0.2 per distinct keyword, counting "severe pain" once rather than also as "pain"', () => {
    expect(triageEvidence('severe pain')).toBeCloseTo(0.2);
    expect(triageEvidence('chest pain and dizziness')).toBeCloseTo(0.4);
  });

  it('adds 0.1 for a description of 8 words or more, not 7', () => {
    expect(triageEvidence('one two three four five six seven')).toBe(0);
    expect(triageEvidence('one two three four five six seven eight')).toBeCloseTo(0.1);
  });

  it('stays below 1 so the confidence never passes 99 %', () => {
    const text = 'chest pain, difficulty breathing, stroke, unconscious, severe bleeding, high fever, nausea';
    expect(triageEvidence(text)).toBeLessThan(1);
    expect(assessTriage(text, triageEvidence(text)).aiConfidence).toBe(99);
  });

  it('gives the same confidence for the same description every time', () => {
    const a = assessTriage('Fever and cough since Monday', triageEvidence('Fever and cough since Monday'));
    const b = assessTriage('Fever and cough since Monday', triageEvidence('Fever and cough since Monday'));
    expect(a.aiConfidence).toBe(b.aiConfidence);
  });
});
