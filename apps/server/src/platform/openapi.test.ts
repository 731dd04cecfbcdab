import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.js';

describe('API description', () => {
  const t = useTestApp({ seed: false });

  it('lists every API route with its access rule and request schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const signIn = doc.paths['/api/auth/sign-in'].post;
    expect(signIn.description).toBe('Public.');
    expect(signIn.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    expect(doc.paths['/api/organizations/members/{memberId}'].patch.description).toBe(
      'Member of the selected organization, role Admin or above, permission canManageUsers.',
    );
    expect(doc.paths['/api/health'].get).toBeDefined();
  });

  it('lists the FHIR reads and the billing webhook, which are defined as every route is', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of [
      '/fhir/R4/Patient',
      '/fhir/R4/Patient/{id}',
      '/fhir/R4/Patient/{id}/$everything',
      '/fhir/R4/Encounter/{id}',
      '/fhir/R4/Observation',
    ]) {
      expect(doc.paths[path]?.get?.description, path).toMatch(/or an organization API key with a scope for each resource read\.$/);
    }
    expect(doc.paths['/api/billing/webhook'].post.description).toBe('Public.');
  });

  it('describes the success reply of every route, at its own status and media type', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const missing = t.app.apiRoutes.filter((r) => !r.contract?.reply).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    const keys = doc.paths['/api/organizations/api-keys'].get.responses['200'];
    expect(keys.content['application/json'].schema.properties).toHaveProperty('keys');
    expect(doc.paths['/api/patients'].post.responses['201'].content['application/json'].schema.properties).toHaveProperty('patient');
    expect(doc.paths['/api/patients'].post.responses).not.toHaveProperty('200');
    expect(doc.paths['/api/analytics/export'].get.responses['200'].content).toHaveProperty('text/csv');
  });

  it('renders a readable page of the routes at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('/api/auth/sign-in');
    expect(res.body).toContain('<main>');
  });
});
