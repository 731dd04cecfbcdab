import type { QueueEntryDto } from '@clinic/domain/contracts/queue';

/** How many recommendation chips a card shows before '+N more'. */
export const CARD_RECOMMENDATIONS = 3;

/** Risk above this turns a card yellow (clinical-workflows, Queue Manager). */
export const YELLOW_CARD_ABOVE = 50;

/** The card's tone: red when immediate attention is needed, yellow when risk is above 50. */
export function cardTone(entry: Pick<QueueEntryDto, 'requiresImmediateAttention' | 'riskScore'>): 'red' | 'yellow' | null {
  if (entry.requiresImmediateAttention) return 'red';
  if (entry.riskScore > YELLOW_CARD_ABOVE) return 'yellow';
  return null;
}

/** The chips a card shows and how many more there are. */
export function cardRecommendations<T>(recommendations: readonly T[]): { shown: T[]; more: number } {
  return { shown: recommendations.slice(0, CARD_RECOMMENDATIONS), more: Math.max(0, recommendations.length - CARD_RECOMMENDATIONS) };
}

/** "male" -> "Male"; "Not specified" when unknown. */
export function genderLabel(gender: string | null): string {
  return gender ? gender.charAt(0).toUpperCase() + gender.slice(1) : 'Not specified';
}

/** "Age 42", or "Age unknown". */
export function ageLabel(age: number | null): string {
  return age === null ? 'Age unknown' : `Age ${age}`;
}

/** Minutes as "n min". */
export function minutesLabel(minutes: number): string {
  return `${minutes} min`;
}

/** "in-progress" -> "In progress". */
export function statusLabel(status: string): string {
  const text = status.replace(/-/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The waiting list (status waiting) and the entries in care, each in the server's clinical order. */
export function splitQueue<T extends { status: string }>(patients: readonly T[]): { waiting: T[]; inCare: T[] } {
  return {
    waiting: patients.filter((p) => p.status === 'waiting'),
    inCare: patients.filter((p) => p.status === 'in-progress'),
  };
}

/** Recommendation priorities, most pressing first. */
export const PRIORITY_RANK = { critical: 0, high: 1, medium: 2, low: 3 } as const;

/** Every recommendation across the entries, most pressing first, each with its patient. */
export function allRecommendations(patients: readonly QueueEntryDto[]) {
  return patients
    .flatMap((p) => p.recommendations.map((r) => ({ ...r, patientId: p.id, patientName: p.patientName, riskScore: p.riskScore })))
    .sort((a, b) => PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] || b.riskScore - a.riskScore);
}

/** The distinct clinical guidelines of the entries, each with the patients it applies to, most used first. */
export function guidelineUse(patients: readonly QueueEntryDto[]): Array<{ guideline: string; patients: string[] }> {
  const byGuideline = new Map<string, string[]>();
  for (const p of patients) {
    for (const g of new Set(p.clinicalGuidelines)) byGuideline.set(g, [...(byGuideline.get(g) ?? []), p.patientName]);
  }
  return [...byGuideline.entries()]
    .map(([guideline, names]) => ({ guideline, patients: names }))
    .sort((a, b) => b.patients.length - a.patients.length || a.guideline.localeCompare(b.guideline));
}
