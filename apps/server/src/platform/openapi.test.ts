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

  it('renders a readable page of the routes at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('/api/auth/sign-in');
    expect(res.body).toContain('<main>');
  });
});
