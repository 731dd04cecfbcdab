import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.js';

describe('health', () => {
  const t = useTestApp({ seed: false });

  it('reports ok with the database answering', async () => {
    const res = await t.get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, status: 'ok', database: 'ok' });
  });

  it('reports 503 with the database down once it stops answering', async () => {
    await t.appDatabase.close();
    const res = await t.get('/api/health');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ database: 'down' });
  });
});
