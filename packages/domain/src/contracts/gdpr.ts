import { z } from 'zod';
import { LONG_TEXT, idSchema, optionalText, pagination, requiredText } from './common.js';

/**
 * Patients' rights (the `gdpr` endpoints of platform-core section 7): rights requests
 * recorded by staff on a patient's behalf and answered within 30 days, consents by purpose, the
 * erasure that restricts and pseudonymises inside the retention period, and the patient's access
 * history (the accounting of disclosures).
 */

/** Kinds of rights request (GDPR articles 15-21; HIPAA access and amendment are access/copy and rectification). */
export const RIGHTS_REQUEST_TYPES = ['access', 'copy', 'rectification', 'erasure', 'restriction', 'objection'] as const;
/** States of a rights request: open until completed or rejected. */
export const RIGHTS_REQUEST_STATUSES = ['OPEN', 'COMPLETED', 'REJECTED'] as const;
/** How a request is closed through `POST /api/gdpr/requests/{id}/complete`. */
export const RIGHTS_REQUEST_OUTCOMES = ['COMPLETED', 'REJECTED'] as const;
/** Purposes a patient consents to. */
export const CONSENT_PURPOSES = ['treatment', 'research', 'marketing', 'sharing'] as const;

/** A rights request type. */
export type RightsRequestType = (typeof RIGHTS_REQUEST_TYPES)[number];
/** A rights request status. */
export type RightsRequestStatus = (typeof RIGHTS_REQUEST_STATUSES)[number];
/** A consent purpose. */
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

const choice = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, {
    error: (issue) => (issue.input == null || issue.input === '' ? `${label} is required` : `${label} must be one of ${values.join(', ')}`),
  });

const patientId = idSchema.describe('The patient the call is about');

/** `POST /api/gdpr/rights-request`: a request recorded on the patient's behalf. */
export const rightsRequestBody = z.object({
  patientId,
  type: choice('Request type', RIGHTS_REQUEST_TYPES),
  notes: optionalText(LONG_TEXT, 'Notes'),
});
/** A parsed rights request body. */
export type RightsRequestBody = z.output<typeof rightsRequestBody>;

/** `GET /api/gdpr/requests` query: optionally one patient's, optionally one status. */
export const rightsRequestListQuery = pagination.extend({
  patientId: idSchema.optional(),
  status: choice('Status', RIGHTS_REQUEST_STATUSES).optional(),
});
/** A parsed request list query. */
export type RightsRequestListQuery = z.output<typeof rightsRequestListQuery>;

/** `POST /api/gdpr/requests/{id}/complete`: how the request was answered (or why it was rejected). */
export const completeRightsRequestBody = z.object({
  resolution: requiredText(LONG_TEXT, 'Resolution'),
  outcome: choice('Outcome', RIGHTS_REQUEST_OUTCOMES).default('COMPLETED'),
});
/** A parsed completion body. */
export type CompleteRightsRequestBody = z.output<typeof completeRightsRequestBody>;

/** `POST /api/gdpr/erase`: the patient, and the erasure request it answers if any. */
export const eraseBody = z.object({
  patientId,
  requestId: idSchema.optional(),
});
/** A parsed erase body. */
export type EraseBody = z.output<typeof eraseBody>;

/** `POST /api/gdpr/consent`: a consent given by the patient for one purpose. */
export const consentBody = z.object({
  patientId,
  purpose: choice('Purpose', CONSENT_PURPOSES),
});
/** A parsed consent body. */
export type ConsentBody = z.output<typeof consentBody>;

/** `GET /api/gdpr/consents` query: the patient's consents. */
export const consentListQuery = z.object({ patientId });

/** `GET /api/gdpr/export` query: whose record (the right of access: the patient's FHIR Bundle). */
export const patientExportQuery = z.object({ patientId });

/** `GET /api/gdpr/audit-logs` query: the patient's access history, newest first, paged. */
export const patientAuditLogQuery = pagination.extend({ patientId });
/** A parsed access history query. */
export type PatientAuditLogQuery = z.output<typeof patientAuditLogQuery>;

/** A rights request as the API returns it, with its days left and whether it is overdue. */
export const rightsRequestDto = z.object({
  id: z.string(),
  patientId: z.string(),
  patientName: z.string().nullable(),
  type: z.enum(RIGHTS_REQUEST_TYPES),
  status: z.enum(RIGHTS_REQUEST_STATUSES),
  notes: z.string().nullable(),
  receivedAt: z.string(),
  dueDate: z.string(),
  /** Whole days until the due date; negative once it has passed. */
  daysLeft: z.number().int(),
  overdue: z.boolean(),
  recordedBy: z.string().nullable(),
  completedAt: z.string().nullable(),
  completedBy: z.string().nullable(),
  resolution: z.string().nullable(),
});
/** A rights request. */
export type RightsRequestDto = z.infer<typeof rightsRequestDto>;

/** `GET /api/gdpr/requests` response; `restrictedAt` is given when the list is one patient's. */
export const rightsRequestListResponse = z.object({
  success: z.literal(true),
  requests: z.array(rightsRequestDto),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  /** When the listed patient's processing was restricted by an erasure (null: not restricted). */
  processingRestrictedAt: z.string().nullable().optional(),
});
/** A page of rights requests. */
export type RightsRequestListResponse = z.infer<typeof rightsRequestListResponse>;

/** A consent as the API returns it. */
export const consentDto = z.object({
  id: z.string(),
  patientId: z.string(),
  purpose: z.enum(CONSENT_PURPOSES),
  givenAt: z.string(),
  withdrawnAt: z.string().nullable(),
  recordedBy: z.string().nullable(),
  withdrawnBy: z.string().nullable(),
  active: z.boolean(),
});
/** A consent. */
export type ConsentDto = z.infer<typeof consentDto>;

/** `GET /api/gdpr/consents` response. */
export const consentListResponse = z.object({ success: z.literal(true), consents: z.array(consentDto) });

/** `GET /api/gdpr/compliance`: open and overdue requests, and active consents by purpose. */
export const complianceSummaryDto = z.object({
  requests: z.object({
    open: z.number().int(),
    overdue: z.number().int(),
    completed: z.number().int(),
    rejected: z.number().int(),
    openByType: z.record(z.enum(RIGHTS_REQUEST_TYPES), z.number().int()),
  }),
  consents: z.object({
    active: z.number().int(),
    withdrawn: z.number().int(),
    activeByPurpose: z.record(z.enum(CONSENT_PURPOSES), z.number().int()),
  }),
  responseDays: z.number().int(),
  retentionYears: z.number().int(),
});
/** The compliance summary. */
export type ComplianceSummaryDto = z.infer<typeof complianceSummaryDto>;

/** What `POST /api/gdpr/erase` did, in fields and in words. */
export const erasureResultDto = z.object({
  patientId: z.string(),
  processingRestrictedAt: z.string(),
  /** The contact fields that were removed. */
  pseudonymisedFields: z.array(z.string()),
  /** Visits kept (medical records are not deleted inside the retention period). */
  visitsKept: z.number().int(),
  retentionYears: z.number().int(),
  requestId: z.string().nullable(),
  message: z.string(),
});
/** The answer of an erasure. */
export type ErasureResultDto = z.infer<typeof erasureResultDto>;

/** One row of a patient's access history: who did what to the record, and when. */
export const patientAccessLogDto = z.object({
  id: z.string(),
  at: z.string(),
  actorUserId: z.string().nullable(),
  actor: z.string().nullable(),
  action: z.string(),
  ip: z.string().nullable(),
});
/** An access history row. */
export type PatientAccessLogDto = z.infer<typeof patientAccessLogDto>;

/** `GET /api/gdpr/audit-logs` response. */
export const patientAuditLogResponse = z.object({
  success: z.literal(true),
  events: z.array(patientAccessLogDto),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

/** `POST /api/gdpr/rights-request` and `.../complete` response. */
export const rightsRequestResponse = z.object({ success: z.literal(true), request: rightsRequestDto });

/** `POST /api/gdpr/consent` and `.../withdraw` response. */
export const consentResponse = z.object({ success: z.literal(true), consent: consentDto });

/** `GET /api/gdpr/compliance` response. */
export const complianceResponse = z.object({ success: z.literal(true), compliance: complianceSummaryDto });

/** `POST /api/gdpr/erase` response: what was done, and the same in words. */
export const erasureResponse = z.object({ success: z.literal(true), erasure: erasureResultDto, message: z.string() });

/**
 * `GET /api/gdpr/export` response: the patient's record as a FHIR R4 Bundle; its resources are
 * FHIR's own shapes, kept whole.
 */
export const patientExportResponse = z.looseObject({
  resourceType: z.literal('Bundle'),
  type: z.string(),
  total: z.number().int().optional(),
  entry: z.array(z.looseObject({ fullUrl: z.string().optional(), resource: z.looseObject({ resourceType: z.string() }) })).optional(),
});
