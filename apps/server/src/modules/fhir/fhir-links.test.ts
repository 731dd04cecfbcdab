import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../test/harness.js';

/**
 * The FHIR server's links (a Bundle's `self` and `next`, each entry's `fullUrl`, the
 * CapabilityStatement's `implementation.url`) are under PUBLIC_URL, whatever Host the request
 * names: a client that follows them must never be sent elsewhere by a forged header.
 */
const PUBLIC_URL = 'https://clinic.example.org';
const t = useTestApp({ as: 'admin', publicUrl: PUBLIC_URL });
const forged = { headers: { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' } };
const BASE = `${PUBLIC_URL}/fhir/R4`;

describe('FHIR links', () => {
  it('a search Bundle links its pages and entries under PUBLIC_URL when the Host header is forged', async () => {
    const res = await t.get('/fhir/R4/Patient?_count=1', forged);
    expect(res.statusCode).toBe(200);
    const bundle = json(res);
    const relations = (bundle.link as Array<{ relation: string; url: string }>).map((l) => l.relation);
    expect(relations).toEqual(expect.arrayContaining(['self', 'next']));
    for (const link of bundle.link) expect(link.url.startsWith(`${BASE}/Patient?`), link.url).toBe(true);
    expect(bundle.entry).toHaveLength(1);
    expect(bundle.entry[0].fullUrl).toBe(`${BASE}/Patient/${bundle.entry[0].resource.id}`);
  });

  it("a patient's $everything Bundle links itself and its entries under PUBLIC_URL", async () => {
    const id = json(await t.get('/fhir/R4/Patient?_count=1')).entry[0].resource.id;
    const bundle = json(await t.get(`/fhir/R4/Patient/${id}/$everything`, forged));
    expect(bundle.link).toEqual([{ relation: 'self', url: `${BASE}/Patient/${id}/$everything` }]);
    expect(bundle.entry.length).toBeGreaterThan(0);
    expect(bundle.entry.every((e: { fullUrl: string }) => e.fullUrl.startsWith(`${BASE}/`))).toBe(true);
  });

  it('the CapabilityStatement names PUBLIC_URL as its address, for a caller with no session too', async () => {
    const res = await t.anon.get('/fhir/R4/metadata', forged);
    expect(res.statusCode).toBe(200);
    expect(json(res).implementation.url).toBe(BASE);
  });

  it("the GDPR export's Bundle names its entries under PUBLIC_URL", async () => {
    const id = json(await t.get('/fhir/R4/Patient?_count=1')).entry[0].resource.id;
    const res = await t.get(`/api/gdpr/export?patientId=${id}`, forged);
    expect(res.statusCode).toBe(200);
    const entries = json(res).entry as Array<{ fullUrl: string }>;
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.fullUrl.startsWith(`${BASE}/`))).toBe(true);
  });
});
