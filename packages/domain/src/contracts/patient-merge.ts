import { z } from 'zod';

/** What agreed between a chart made from public input and an existing chart. */
export const possibleMatchReason = z.enum(['lastName', 'firstName', 'dateOfBirth', 'phone', 'email']);
/** One agreeing field of a possible match. */
export type PossibleMatchReason = z.infer<typeof possibleMatchReason>;

/** The other chart of a possible match, as staff see it beside the chart they opened. */
export const possibleMatchChartDto = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
});
/** A chart of a possible match. */
export type PossibleMatchChartDto = z.infer<typeof possibleMatchChartDto>;

/**
 * A chart a public submission made (`newChart`, from a kiosk or an intake) that looks like an
 * existing chart of the clinic (`existingChart`). Public input never attaches to an existing chart,
 * so staff decide: merge the new chart into the existing one, or dismiss the pair.
 */
export const possibleMatchDto = z.object({
  id: z.string(),
  source: z.string(),
  reasons: z.array(possibleMatchReason),
  createdAt: z.string(),
  newChart: possibleMatchChartDto,
  existingChart: possibleMatchChartDto,
});
/** An open possible match. */
export type PossibleMatchDto = z.infer<typeof possibleMatchDto>;

/** `GET /api/patients/{id}/possible-matches`: the open possible matches naming the chart, newest first. */
export const possibleMatchListDto = z.object({ success: z.literal(true), matches: z.array(possibleMatchDto) });

/** How many records of each kind a merge moved from the new chart to the existing one. */
export const mergeMovedDto = z.record(z.string(), z.number().int().nonnegative());

/** `POST /api/patients/possible-matches/{id}/merge`: the chart that stays and what moved to it. */
export const patientMergeResultDto = z.object({
  success: z.literal(true),
  patientId: z.string(),
  mergedPatientId: z.string(),
  moved: mergeMovedDto,
});
/** The answer of a merge. */
export type PatientMergeResultDto = z.infer<typeof patientMergeResultDto>;

/** `POST /api/patients/possible-matches/{id}/dismiss`: the pair is closed; nothing else is answered. */
export const possibleMatchDismissedResponse = z.object({ success: z.literal(true) });
