import { describe, expect, it } from 'vitest';
import { freshAddress, useTestApp } from '../../test/harness.js';

describe('the demo clinical trials (npm start on a fresh database)', () => {
  const t = useTestApp({ seed: { queue: true }, as: 'doctor' });

  it('are three trials, one recruiting pediatric asthma trial in years, one active, one completed', async () => {
    const { trials } = (await t.get('/api/clinical-trials')).json();
    expect(trials.map((x: { status: string }) => x.status)).toEqual(['Recruiting', 'Active', 'Completed']);
    expect(trials[0]).toMatchObject({
      title: expect.stringContaining('Asthma'),
      ageRange: { min: 6, max: 17, unit: 'years' },
      currentEnrollment: 7,
    });
    expect(trials[0].openSeriousEvents).toBe(1);
    // Anyone may read the recruiting one's title for the intake.
    const pub = await t.anon.get(`/api/clinical-trials/${trials[0].id}`, { remoteAddress: freshAddress() });
    expect(pub.json().trial.title).toBe(trials[0].title);
  });

  it('hold a dozen enrolments with visit schedules, and adverse events including one serious', async () => {
    const { trials } = (await t.get('/api/clinical-trials')).json();
    let enrolments = 0;
    for (const trial of trials) {
      const list = (await t.get(`/api/clinical-trials/${trial.id}/enrollments`)).json().enrollments;
      enrolments += list.length;
      for (const e of list) expect(e.visitSchedule).toHaveLength(5);
    }
    expect(enrolments).toBe(12);
    const events = (await t.get('/api/clinical-trials/adverse-events?limit=50')).json().adverseEvents;
    expect(events.length).toBeGreaterThanOrEqual(5);
    expect(events.filter((e: { serious: boolean }) => e.serious)).toHaveLength(1);
    const safety = await t.get(`/api/clinical-trials/${trials[0].id}/reports/safety`);
    expect(safety.body).toContain('Severe asthma exacerbation');
  });
});
