import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.js';

describe('demo paging seed', () => {
  const t = useTestApp({ seed: { queue: true }, as: 'doctor' });

  it('puts the doctor and the nurse on call now, each with a backup', async () => {
    const res = await t.get('/api/paging/on-call');
    expect(res.statusCode).toBe(200);
    const rotas = res.json().rotas as Array<{
      role: string;
      shifts: unknown[];
      now: { primary: { name: string }; backup: { name: string } | null } | null;
    }>;
    const byRole = new Map(rotas.map((r) => [r.role, r]));
    for (const role of ['Doctor', 'Nurse']) {
      expect(byRole.get(role)?.shifts).toHaveLength(14);
      expect(byRole.get(role)?.now?.backup).not.toBeNull();
    }
    expect(byRole.get('Doctor')?.now?.primary.name).toBe('Daniel Diaz');
  });

  it('leaves the doctor one open page in the inbox and a day of closed pages in the history', async () => {
    const inbox = (await t.get('/api/paging/history?recipient=me')).json();
    const open = inbox.pages.filter((p: { status: string }) => ['sent', 'delivered', 'escalated'].includes(p.status));
    expect(open).toEqual([expect.objectContaining({ priority: 'routine', status: 'delivered' })]);
    const history = (await t.get('/api/paging/history?pageSize=100')).json();
    expect(history.total).toBe(8);
    const statuses = new Set(history.pages.map((p: { status: string }) => p.status));
    expect([...statuses].sort()).toEqual(['acknowledged', 'cancelled', 'delivered']);
    const escalated = history.pages.find((p: { escalationLevel: number }) => p.escalationLevel === 1);
    const detail = (await t.get(`/api/paging/${escalated.id}`)).json();
    expect(detail.events.map((e: { type: string }) => e.type)).toEqual(['sent', 'delivered', 'read', 'escalated', 'acknowledged']);
    expect(detail.page.acknowledgedBy.role).toBe('Manager');
  });
});
