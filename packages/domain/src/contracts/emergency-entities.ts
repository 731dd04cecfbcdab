import { z } from 'zod';
import {
  ALERT_SEVERITIES,
  ALERT_STATUSES,
  ALERT_TYPES,
  ER_RISK_LEVELS,
  MASS_CASUALTY_STATUSES,
  PREDICTED_OUTCOMES,
  RISK_ASSESSMENT_TYPES,
  TRIAGE_COLORS,
} from '../rules/emergency.js';
import { URGENCY_LEVELS } from '../rules/risk-levels.js';
import { INTEGRATION_STATUSES, INTEGRATION_TYPES, PROTOCOL_CATEGORIES } from './emergency-bodies.js';

/**
 * The emergency room dashboard's entities (operations-and-public sections 2.2, 3 and 7), with the
 * spec's field names: what its sections and actions answer with.
 */

const bloodPressure = z.object({ systolic: z.number().nullable(), diastolic: z.number().nullable() });

/** The header: the clinic, its emergency level and facility id. */
export const facilityDto = z.object({
  id: z.string(),
  name: z.string(),
  level: z.string().nullable(),
  facilityId: z.string().nullable(),
  bedCount: z.number().nullable(),
  lastUpdated: z.string(),
});
/** The emergency facility. */
export type FacilityDto = z.infer<typeof facilityDto>;

/** An alert. */
export const alertDto = z.object({
  id: z.string(),
  type: z.enum(ALERT_TYPES),
  severity: z.enum(ALERT_SEVERITIES),
  priority: z.number().int(),
  status: z.enum(ALERT_STATUSES),
  message: z.string(),
  patientId: z.string().nullable(),
  patientName: z.string().nullable(),
  queueEntryId: z.string().nullable(),
  location: z.string().nullable(),
  /** When it was raised. */
  timestamp: z.string(),
  raisedBy: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.string().nullable(),
  acknowledgeNote: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolutionNote: z.string().nullable(),
  /** The protocol whose keywords the alert matches. */
  protocolId: z.string().nullable(),
  protocolName: z.string().nullable(),
});
/** An alert. */
export type AlertDto = z.infer<typeof alertDto>;

/** A high-risk patient (the spec's ER patient). */
export const erPatientDto = z.object({
  /** The queue entry. */
  id: z.string(),
  patientId: z.string().nullable(),
  patientName: z.string(),
  queueNumber: z.number().int(),
  riskScore: z.number(),
  riskLevel: z.enum(ER_RISK_LEVELS),
  predictedOutcome: z.enum(Object.values(PREDICTED_OUTCOMES) as [string, ...string[]]),
  /** Minutes; negative when overdue. */
  timeToTreatment: z.number().nullable(),
  waitTime: z.number(),
  location: z.string(),
  chiefComplaint: z.string(),
  vitalSigns: z
    .object({ heartRate: z.number().nullable(), bloodPressure, temperature: z.number().nullable(), oxygenSaturation: z.number().nullable() })
    .nullable(),
  timestamp: z.string(),
});
/** A high-risk patient. */
export type ErPatientDto = z.infer<typeof erPatientDto>;

/** A protocol step. */
export const protocolStepDto = z.object({
  id: z.string(),
  stepNumber: z.number().int(),
  description: z.string(),
  duration: z.number().int(),
  requiredStaff: z.array(z.string()),
  requiredEquipment: z.array(z.string()),
  critical: z.boolean(),
});
/** A protocol. */
export const protocolDto = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(PROTOCOL_CATEGORIES),
  description: z.string(),
  steps: z.array(protocolStepDto),
  estimatedTime: z.number().int(),
  requiredResources: z.array(z.string()),
  keywords: z.array(z.string()),
  lastUpdated: z.string(),
});
/** A protocol. */
export type ProtocolDto = z.infer<typeof protocolDto>;

/** A vital signs record of an open entry, with the trends of the patient's last readings (oldest first). */
export const vitalSignsRecordDto = z.object({
  id: z.string(),
  patientId: z.string().nullable(),
  queueEntryId: z.string(),
  patientName: z.string(),
  heartRate: z.number().nullable(),
  bloodPressure,
  temperature: z.number().nullable(),
  oxygenSaturation: z.number().nullable(),
  respiratoryRate: z.number().nullable(),
  painScore: z.number().nullable(),
  gcsScore: z.number().nullable(),
  weight: z.number().nullable(),
  news2Score: z.number().nullable(),
  trends: z.object({
    heartRate: z.array(z.number().nullable()),
    bloodPressure: z.array(bloodPressure),
    temperature: z.array(z.number().nullable()),
    oxygenSaturation: z.array(z.number().nullable()),
  }),
  timestamp: z.string(),
});
/** A vital signs record. */
export type VitalSignsRecordDto = z.infer<typeof vitalSignsRecordDto>;

/** A stored risk assessment. */
export const erRiskAssessmentDto = z.object({
  id: z.string(),
  patientId: z.string().nullable(),
  queueEntryId: z.string().nullable(),
  patientName: z.string().nullable(),
  assessmentType: z.enum(RISK_ASSESSMENT_TYPES),
  riskScore: z.number(),
  riskLevel: z.enum(ER_RISK_LEVELS),
  news2Score: z.number().nullable(),
  riskFactors: z.array(z.string()),
  recommendations: z.array(z.string()),
  /** The member's name, or "Kiosk" / "System" when no one was signed in. */
  assessedBy: z.string(),
  timestamp: z.string(),
});
/** A stored risk assessment. */
export type ErRiskAssessmentDto = z.infer<typeof erRiskAssessmentDto>;

/** An open entry of a patient under 18. */
export const pediatricPatientDto = z.object({
  id: z.string(),
  patientId: z.string().nullable(),
  patientName: z.string(),
  age: z.number().int(),
  /** Kilograms, when recorded. */
  weight: z.number().nullable(),
  chiefComplaint: z.string(),
  /** The risk score (0-100) of the entry: see docs/decisions.md. */
  pediatricScore: z.number(),
  parentPresent: z.boolean().nullable(),
  location: z.string(),
  priority: z.enum(URGENCY_LEVELS),
  timestamp: z.string(),
});
/** A pediatric patient. */
export type PediatricPatientDto = z.infer<typeof pediatricPatientDto>;

const triageCountsDto = z.object({ RED: z.number(), YELLOW: z.number(), GREEN: z.number(), BLACK: z.number() });

/** A patient tagged to a mass-casualty event. */
export const massCasualtyPatientDto = z.object({
  id: z.string(),
  queueEntryId: z.string().nullable(),
  patientId: z.string().nullable(),
  patientName: z.string().nullable(),
  triageColor: z.enum(TRIAGE_COLORS),
  taggedAt: z.string(),
});

/** A mass-casualty event. */
export const massCasualtyEventDto = z.object({
  id: z.string(),
  eventType: z.string(),
  status: z.enum(MASS_CASUALTY_STATUSES),
  severity: z.enum(ALERT_SEVERITIES),
  patientCount: z.number().int(),
  expectedArrivals: z.number().int(),
  triageStatus: z.enum(TRIAGE_COLORS).nullable(),
  triageCounts: triageCountsDto,
  resourcesNeeded: z.array(z.string()),
  /** The incident time. */
  timestamp: z.string(),
  closedAt: z.string().nullable(),
  patients: z.array(massCasualtyPatientDto),
});
/** A mass-casualty event. */
export type MassCasualtyEventDto = z.infer<typeof massCasualtyEventDto>;

/** Today's metrics (clinic-local day); null figures read "No data". */
export const erMetricsDto = z.object({
  totalPatients: z.number().int(),
  criticalPatients: z.number().int(),
  averageWaitTime: z.number().nullable(),
  averageTreatmentTime: z.number().nullable(),
  bedOccupancy: z.number().nullable(),
  staffUtilization: z.number().nullable(),
  patientSatisfaction: z.number().nullable(),
  mortalityRate: z.number().nullable(),
  readmissionRate: z.number().nullable(),
  throughput: z.number(),
  doorToProviderMinutes: z.number().nullable(),
  leftWithoutBeingSeen: z.number().int(),
});
/** Today's metrics. */
export type ErMetricsDto = z.infer<typeof erMetricsDto>;

/** An integration's status. */
export const integrationDto = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(INTEGRATION_TYPES),
  status: z.enum(INTEGRATION_STATUSES),
  configured: z.boolean(),
  /** The newest successful contact: a connection check or a patient import. */
  lastSync: z.string().nullable(),
  /** When the connection was last checked; null before any check at the current address. */
  lastCheck: z.string().nullable(),
  /** The newest check's error when it failed. */
  lastError: z.string().nullable(),
  dataFlow: z.string().nullable(),
  errorCount: z.number().int(),
  /** Percent of checks that succeeded; null before any check. */
  uptime: z.number().nullable(),
});
/** An integration's status. */
export type IntegrationDto = z.infer<typeof integrationDto>;

/**
 * `GET /api/emergency-dashboard/dashboard`'s data, read in one transaction: the header, what the
 * Overview shows and the small sections. The Vital Signs and Risk Assessment tabs (every record of
 * the open entries, with its trends or its factors: most of the board's bytes) are read by their
 * own section reloads when their tab is open, not by every poll of the board.
 */
export const emergencyDashboardDto = z.object({
  facility: facilityDto,
  alerts: z.array(alertDto),
  highRiskPatients: z.array(erPatientDto),
  protocols: z.array(protocolDto),
  pediatricPatients: z.array(pediatricPatientDto),
  massCasualtyEvents: z.array(massCasualtyEventDto),
  metrics: erMetricsDto,
  integrations: z.array(integrationDto),
});
/** The whole dashboard. */
export type EmergencyDashboardDto = z.infer<typeof emergencyDashboardDto>;
