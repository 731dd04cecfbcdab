import { TRIAGE_KEYWORDS } from './triage.js';

const normalize = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * How much of a symptom description the keyword rules recognise, as a fraction in [0, 1): the
 * input of `assessTriage`'s confidence (80-99 %). The spec's product drew the confidence at random;
 * here it is deterministic, so the same description always gets the same confidence:
 * - each distinct keyword recognised (any severity) adds 0.2;
 * - a description of at least 8 words adds 0.1 (more context);
 * - capped just below 1 (99 %). Nothing recognised and a short text gives 0 (80 %).
 */
export function triageEvidence(symptoms: string): number {
  const text = normalize(symptoms);
  const all = [...TRIAGE_KEYWORDS.critical, ...TRIAGE_KEYWORDS.high, ...TRIAGE_KEYWORDS.medium];
  // "severe pain" also contains "pain": count the longest keywords only.
  const found = all.filter((k) => text.includes(k)).filter((k, _i, list) => !list.some((o) => o !== k && o.includes(k)));
  const words = text ? text.split(' ').length : 0;
  const evidence = found.length * 0.2 + (words >= 8 ? 0.1 : 0);
  return Math.min(evidence, 0.999);
}
