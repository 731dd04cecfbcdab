import { describe, expect, it } from 'vitest';
import { createOtherOrganization, useTestApp } from '../../test/harness.js';

describe('GET /api/events/public (the anonymous waiting-room board)', () => {
  const t = useTestApp({ listen: true });

  const checkIn = (query = '') =>
    fetch(`${t.baseUrl}/api/triage/case${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Quentin', lastName: 'Zarrow', phoneNumber: '555-777-1212', chiefComplaint: 'Cough' }),
    });

  it("tells the clinic's board that its queue changed, with no id, name or other data", async () => {
    const stream = await t.openEventStream({}, '/public?organizationId=default-clinic&clinicId=default-clinic');
    expect(stream.status).toBe(200);
    await stream.next((e) => e.event === 'ready');
    expect((await checkIn()).status).toBe(201);
    const event = await stream.next((e) => e.event === 'queue.updated');
    expect(Object.keys(event.data).sort()).toEqual(['at', 'type']);
    expect(JSON.stringify(stream.received)).not.toMatch(/Quentin|Zarrow|555-777-1212|7771212|entityId/);
  });

  it("never tells one organization's board about another organization's queue", async () => {
    const other = await createOtherOrganization(t.app, 'board-owner@other.org');
    const stream = await t.openEventStream({}, '/public?organizationId=default-clinic');
    await stream.next((e) => e.event === 'ready');
    expect((await checkIn(`?organizationId=${other.organizationId}`)).status).toBe(201);
    const marker = await checkIn();
    expect(marker.status).toBe(201);
    await stream.next((e) => e.event === 'queue.updated');
    // Only the default clinic's check-in arrived: one event, not two.
    await new Promise((r) => setTimeout(r, 200));
    expect(stream.received.filter((e) => e.event === 'queue.updated')).toHaveLength(1);
  });

  it('answers 404 for an unknown organization and 400 for a malformed id', async () => {
    const unknown = await fetch(`${t.baseUrl}/api/events/public?organizationId=no-such-org`);
    expect(unknown.status).toBe(404);
    const bad = await fetch(`${t.baseUrl}/api/events/public?organizationId=${encodeURIComponent("' OR 1=1 --")}`);
    expect(bad.status).toBe(400);
  });

  // Last in the file: it uses up this address's allowance.
  it('bounds how many streams one address opens per minute (429 past 60)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 62; i += 1) {
      const controller = new AbortController();
      const res = await fetch(`${t.baseUrl}/api/events/public`, { signal: controller.signal });
      statuses.push(res.status);
      controller.abort();
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.slice(0, 50).every((s) => s === 200)).toBe(true);
  });
});
