import { describe, expect, it } from 'vitest';
import {
  TRIAGE_KEYWORDS,
  TRIAGE_RECOMMENDATIONS,
  assessTriage,
  matchTriageKeyword,
  triageAiConfidence,
  triageSeverity,
  triageWaitLabel,
} from './triage.js';

describe('triage keywords', () => {
  it.each(TRIAGE_KEYWORDS.critical)('"%s" is critical', (keyword) => {
    expect(triageSeverity(`I have ${keyword} since this morning`)).toBe('critical');
  });
  it.each(TRIAGE_KEYWORDS.high)('"%s" is high', (keyword) => {
    expect(triageSeverity(`some ${keyword}`)).toBe('high');
  });
  it.each(TRIAGE_KEYWORDS.medium)('"%s" is medium', (keyword) => {
    expect(triageSeverity(`a little ${keyword}`)).toBe('medium');
  });

  it('text with no keyword is low', () => {
    expect(triageSeverity('a small rash on my arm')).toBe('low');
    expect(triageSeverity('')).toBe('low');
  });

  it('matches case-insensitively', () => {
    expect(triageSeverity('CHEST PAIN')).toBe('critical');
    expect(triageSeverity('High Fever')).toBe('high');
    expect(triageSeverity('Headache')).toBe('medium');
  });

  it('matches across line breaks and repeated spaces', () => {
    expect(triageSeverity('chest\n   pain')).toBe('critical');
  });

  it('the most severe keyword wins: "severe pain" is high though it contains "pain"', () => {
    expect(matchTriageKeyword('severe pain in the back')).toEqual({ severity: 'high', keyword: 'severe pain' });
    expect(triageSeverity('headache and chest pain')).toBe('critical');
    expect(triageSeverity('high fever')).toBe('high');
  });

  it('matches substrings, as the spec says: "painful" contains "pain"', () => {
    expect(triageSeverity('painful knee')).toBe('medium');
  });
});

describe('triage waits and recommendations', () => {
  it.each([
    ['chest pain', 0, 'Immediate'],
    ['dizziness', 15, '15 minutes'],
    ['cough', 60, '60 minutes'],
    ['itchy eyes', 120, '120 minutes'],
  ])('"%s" waits %d minutes, shown "%s"', (symptoms, minutes, label) => {
    const r = assessTriage(symptoms, 0.5);
    expect(r.estimatedWaitTime).toBe(minutes);
    expect(r.waitLabel).toBe(label);
  });

  it('the critical recommendation sends the person to emergency services and names 999', () => {
    const r = assessTriage('difficulty breathing', 0);
    expect(r.recommendation).toBe(TRIAGE_RECOMMENDATIONS.critical);
    expect(r.recommendation).toContain('999');
  });

  it('each severity has its own recommendation', () => {
    expect(assessTriage('nausea', 0).recommendation).toContain('2-4 hours');
    expect(assessTriage('fatigue', 0).recommendation).toContain('24-48 hours');
    expect(assessTriage('nothing much', 0).recommendation).toContain('routine');
  });

  it('0 minutes shows "Immediate", and one minute is singular', () => {
    expect(triageWaitLabel(0)).toBe('Immediate');
    expect(triageWaitLabel(1)).toBe('1 minute');
  });
});

describe('triage AI confidence', () => {
  it('ranges from 80 to 99 percent inclusive', () => {
    expect(triageAiConfidence(0)).toBe(80);
    expect(triageAiConfidence(0.049)).toBe(80);
    expect(triageAiConfidence(0.05)).toBe(81);
    expect(triageAiConfidence(0.9999)).toBe(99);
  });

  it('stays in range even for an out-of-range random number', () => {
    expect(triageAiConfidence(1)).toBe(99);
    expect(triageAiConfidence(-1)).toBe(80);
  });

  it('reports the keyword that decided the severity', () => {
    expect(assessTriage('Stroke symptoms', 0.3).matchedKeyword).toBe('stroke');
    expect(assessTriage('tired', 0.3).matchedKeyword).toBeNull();
  });
});
