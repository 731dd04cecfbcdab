import { z } from 'zod';
import {
  alertDto,
  emergencyDashboardDto,
  erMetricsDto,
  erPatientDto,
  erRiskAssessmentDto,
  facilityDto,
  integrationDto,
  massCasualtyEventDto,
  pediatricPatientDto,
  protocolDto,
  vitalSignsRecordDto,
} from './emergency-entities.js';

/**
 * The emergency room dashboard's replies (`/api/emergency-dashboard/…`): each success answer as
 * the server serializes it and the web reads it.
 */

const ok = z.literal(true);

/** `GET …/alerts`: every unresolved alert and those resolved today. */
export const emergencyAlertsResponse = z.object({ success: ok, alerts: z.array(alertDto) });
/** `GET …/patients/high-risk`: open entries at risk level HIGH or CRITICAL. */
export const highRiskPatientsResponse = z.object({ success: ok, patients: z.array(erPatientDto) });
/** `GET …/protocols`: the organization's protocols with their steps. */
export const emergencyProtocolsResponse = z.object({ success: ok, protocols: z.array(protocolDto) });
/** `GET …/vitals`: vital signs records of the open entries. */
export const emergencyVitalsResponse = z.object({ success: ok, vitals: z.array(vitalSignsRecordDto) });
/** `GET …/risk-assessments`: stored risk assessments. */
export const riskAssessmentsResponse = z.object({ success: ok, assessments: z.array(erRiskAssessmentDto) });
/** `GET …/pediatric`: open entries of patients under 18. */
export const pediatricPatientsResponse = z.object({ success: ok, patients: z.array(pediatricPatientDto) });
/** `GET …/mass-casualty`: mass-casualty events with their triage counts. */
export const massCasualtyEventsResponse = z.object({ success: ok, events: z.array(massCasualtyEventDto) });
/** `GET …/metrics`: today's emergency metrics. */
export const emergencyMetricsResponse = z.object({ success: ok, metrics: erMetricsDto });
/** `GET …/integrations` and `POST …/integrations/check`: the integrations' statuses. */
export const integrationsResponse = z.object({ success: ok, integrations: z.array(integrationDto) });
/** `GET …/dashboard`: the board but its two record tabs, read in one transaction. */
export const emergencyDashboardResponse = z.object({ success: ok, data: emergencyDashboardDto });
/** `POST …/alerts`, `…/alerts/{id}/acknowledge` and `…/resolve`: the alert as it now stands. */
export const alertResponse = z.object({ success: ok, alert: alertDto });
/** `POST …/mass-casualty`, `PATCH …/mass-casualty/{id}`, `POST …/mass-casualty/{id}/patients`: the event. */
export const massCasualtyEventResponse = z.object({ success: ok, event: massCasualtyEventDto });
/** `POST …/protocols` and `PUT …/protocols/{id}`: the protocol with its steps. */
export const protocolResponse = z.object({ success: ok, protocol: protocolDto });
/** `PUT …/facility`: the clinic's emergency settings. */
export const facilityResponse = z.object({ success: ok, facility: facilityDto });
/** `PUT …/patients/{id}/details`: an open entry's weight (kg) and whether a parent or guardian is present. */
export const entryDetailsResponse = z.object({
  success: ok,
  details: z.object({ queueEntryId: z.string(), parentPresent: z.boolean().nullable(), weight: z.number().nullable() }),
});

/** The reply of each section reload, by the section's path under `/api/emergency-dashboard`. */
export const emergencySectionResponses = {
  alerts: emergencyAlertsResponse,
  'patients/high-risk': highRiskPatientsResponse,
  protocols: emergencyProtocolsResponse,
  vitals: emergencyVitalsResponse,
  'risk-assessments': riskAssessmentsResponse,
  pediatric: pediatricPatientsResponse,
  'mass-casualty': massCasualtyEventsResponse,
  metrics: emergencyMetricsResponse,
  integrations: integrationsResponse,
} as const;
/** A section's path under `/api/emergency-dashboard`. */
export type EmergencySectionPath = keyof typeof emergencySectionResponses;
