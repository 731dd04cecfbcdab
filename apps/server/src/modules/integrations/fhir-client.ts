import { outboundFailure, outboundGetJson, type OutboundLog, type OutboundPolicy } from '../../platform/outbound.js';

/** What Test Connection reports. */
export interface ProbeResult {
  ok: boolean;
  fhirVersion: string | null;
  software: string | null;
  error: string | null;
}

/**
 * How the integrations may reach a FHIR server: the deployment's outbound policy (the guard of
 * `platform/outbound.ts` applies it) and the request's log, where the guard writes why a request failed.
 */
export interface FhirReach {
  policy: OutboundPolicy;
  log: OutboundLog;
}

/**
 * Test Connection: `GET {baseUrl}/metadata` through the outbound guard; reports the
 * CapabilityStatement's FHIR version and software name. Any failure, an answer that is not a
 * CapabilityStatement included, is the guard's one message (the reason is logged).
 */
export async function probeFhirServer(baseUrl: string, reach: FhirReach): Promise<ProbeResult> {
  const url = `${baseUrl.replace(/\/+$/, '')}/metadata`;
  const answer = await outboundGetJson(reach.policy, reach.log)(url, { accept: 'application/fhir+json, application/json' });
  if (!answer.ok) return { ok: false, fhirVersion: null, software: null, error: answer.error };
  const statement = readCapabilityStatement(answer.body);
  if (statement) return { ok: true, error: null, ...statement };
  return { ...outboundFailure(reach.log, url, 'not a CapabilityStatement'), fhirVersion: null, software: null };
}

/** The FHIR version and software name of a CapabilityStatement; null when the body is not one. */
export function readCapabilityStatement(body: unknown): { fhirVersion: string | null; software: string | null } | null {
  const statement = body as { resourceType?: unknown; fhirVersion?: unknown; software?: { name?: unknown; version?: unknown } };
  if (statement?.resourceType !== 'CapabilityStatement') return null;
  const name = typeof statement.software?.name === 'string' ? statement.software.name : null;
  const version = typeof statement.software?.version === 'string' ? statement.software.version : null;
  return {
    fhirVersion: typeof statement.fhirVersion === 'string' ? statement.fhirVersion : null,
    software: name ? (version ? `${name} ${version}` : name) : null,
  };
}
