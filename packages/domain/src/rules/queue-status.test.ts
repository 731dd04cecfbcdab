import { describe, expect, it } from 'vitest';
import {
  QUEUE_ACTIONS,
  QUEUE_STATUSES,
  actionForStatus,
  boardInitials,
  canTransition,
  careStartedMessage,
  compareQueueOrder,
  computeQueueStats,
  deriveQueuePatient,
  derivedAt,
  entryWaitMinutes,
  isOpenQueueStatus,
  nextStatus,
  publicBoard,
  queueScoring,
  queueStatsAt,
  startedWithinTarget,
  statsAfterStartCare,
  transitionTo,
  waitMinutes,
  type QueueAction,
  type QueueStatsEntry,
  type QueueStatus,
} from './queue-status.js';

/** Every allowed (from, action) pair and where it leads. */
const ALLOWED: Array<[QueueStatus, QueueAction, QueueStatus]> = [
  ['waiting', 'start', 'in-progress'],
  ['in-progress', 'complete', 'completed'],
  ['waiting', 'cancel', 'cancelled'],
  ['waiting', 'admit', 'admitted'],
  ['in-progress', 'admit', 'admitted'],
  ['waiting', 'emergency-admit', 'emergency-admitted'],
  ['in-progress', 'emergency-admit', 'emergency-admitted'],
  ['waiting', 'assign', 'waiting'],
  ['in-progress', 'assign', 'in-progress'],
];
const allowed = new Set(ALLOWED.map(([from, action]) => `${from} ${action}`));
const REFUSED = QUEUE_STATUSES.flatMap((from) => QUEUE_ACTIONS.map((action) => [from, action] as const)).filter(
  ([from, action]) => !allowed.has(`${from} ${action}`),
);

describe('queue status machine', () => {
  it.each(ALLOWED)('%s --%s--> %s', (from, action, to) => {
    expect(canTransition(from, action)).toBe(true);
    expect(nextStatus(from, action)).toEqual({ ok: true, action, from, status: to, changed: from !== to });
  });

  it.each(REFUSED)('%s refuses %s with a conflict that says what is allowed', (from, action) => {
    expect(canTransition(from, action)).toBe(false);
    const r = nextStatus(from, action);
    expect(r).toMatchObject({ ok: false, code: 'conflict/queue-transition' });
    const { message } = r as { message: string };
    expect(message).toContain(`an entry that is ${from}`);
    expect(message).toMatch(/allowed only while it is (waiting|in-progress)/);
  });

  it('covers all 36 status-action pairs', () => {
    expect(QUEUE_STATUSES.length * QUEUE_ACTIONS.length).toBe(36);
    // REFUSED is every pair ALLOWED does not name: together they cover the 36 only if ALLOWED names each pair once.
    expect(ALLOWED.length + REFUSED.length).toBe(36);
  });

  it('refusing to start care on a completed entry reads plainly', () => {
    const r = nextStatus('completed', 'start');
    expect(r).toEqual({
      ok: false,
      code: 'conflict/queue-transition',
      message: 'Cannot start care for an entry that is completed; allowed only while it is waiting.',
    });
  });

  it('only waiting and in-progress are open', () => {
    expect(QUEUE_STATUSES.filter(isOpenQueueStatus)).toEqual(['waiting', 'in-progress']);
  });
});

describe('status updates named by the target status', () => {
  it('maps each target status to its action', () => {
    expect(actionForStatus('in-progress')).toBe('start');
    expect(actionForStatus('completed')).toBe('complete');
    expect(actionForStatus('cancelled')).toBe('cancel');
    expect(actionForStatus('admitted')).toBe('admit');
    expect(actionForStatus('emergency-admitted')).toBe('emergency-admit');
    expect(actionForStatus('waiting')).toBeNull();
  });

  it('start care through the status call moves a waiting entry to in-progress', () => {
    expect(transitionTo('waiting', 'in-progress')).toMatchObject({ ok: true, action: 'start', status: 'in-progress' });
  });

  it('refuses a second start and any move back to waiting', () => {
    expect(transitionTo('in-progress', 'in-progress').ok).toBe(false);
    expect(transitionTo('in-progress', 'waiting')).toEqual({
      ok: false,
      code: 'conflict/queue-transition',
      message: 'Cannot move an entry back to waiting.',
    });
  });
});

describe('wait minutes', () => {
  const t0 = new Date('2025-03-01T10:00:00Z');
  const at = (minutes: number, seconds = 0) => new Date(t0.getTime() + minutes * 60_000 + seconds * 1000);

  it('counts whole minutes, rounding down', () => {
    expect(waitMinutes(t0, at(0, 59))).toBe(0);
    expect(waitMinutes(t0, at(1))).toBe(1);
    expect(waitMinutes(t0.toISOString(), at(61, 30).toISOString())).toBe(61);
  });

  it('is never negative and is 0 for an invalid time', () => {
    expect(waitMinutes(at(5), t0)).toBe(0);
    expect(waitMinutes('not a date', t0)).toBe(0);
  });

  it('stops when care starts, or when an entry closes without care', () => {
    expect(entryWaitMinutes({ createdAt: t0, startedAt: at(12) }, at(90))).toBe(12);
    expect(entryWaitMinutes({ createdAt: t0, closedAt: at(20) }, at(90))).toBe(20);
    expect(entryWaitMinutes({ createdAt: t0 }, at(90))).toBe(90);
  });
});

describe('deriveQueuePatient', () => {
  const createdAt = '2025-03-01T10:00:00Z';
  const base = { id: 'q1', queueNumber: 4, patientName: 'Jane Doe', status: 'waiting' as const, createdAt };

  it('fills every derived field and keeps the stored ones', () => {
    const p = deriveQueuePatient(
      { ...base, age: 40, chiefComplaint: 'cough', vitalSigns: { heartRate: 80, oxygenSaturation: 98 } },
      '2025-03-01T10:25:00Z',
    );
    expect(p).toMatchObject({
      id: 'q1',
      queueNumber: 4,
      patientName: 'Jane Doe',
      waitTime: 25,
      estimatedTime: 30,
      riskScore: 0,
      urgencyLevel: 'low',
      clinicalPriority: 0,
      aiConfidence: 0.85,
      requiresImmediateAttention: false,
      aiAssessment: 'Stable: routine care.',
    });
    expect(p.news2?.score).toBe(0);
    expect(p.recommendations.length).toBeGreaterThan(0);
  });

  it('clinical priority gains 20 once the wait passes 60 minutes', () => {
    const entry = { ...base, chiefComplaint: 'severe headache' };
    expect(deriveQueuePatient(entry, '2025-03-01T11:00:59Z').clinicalPriority).toBe(30);
    expect(deriveQueuePatient(entry, '2025-03-01T11:01:00Z').clinicalPriority).toBe(50);
  });

  it('keeps a stored estimated time', () => {
    expect(deriveQueuePatient({ ...base, estimatedTime: 45 }, createdAt).estimatedTime).toBe(45);
  });
});

describe('queueScoring and derivedAt', () => {
  const entry = {
    status: 'waiting' as const,
    createdAt: '2025-03-01T10:00:00Z',
    age: 80,
    symptoms: ['chest pain', 'fever'],
    medicalHistory: ['diabetes'],
    chiefComplaint: 'chest pain',
    vitalSigns: { heartRate: 130, oxygenSaturation: 91, respiratoryRate: 26 },
  };

  it('gives, with a scoring computed once, the same fields as deriving at each time', () => {
    const scoring = queueScoring(entry);
    for (const now of ['2025-03-01T10:05:00Z', '2025-03-01T11:30:00Z']) {
      const {
        status: _s,
        createdAt: _c,
        age: _a,
        symptoms: _y,
        medicalHistory: _m,
        chiefComplaint: _cc,
        vitalSigns: _v,
        ...derived
      } = deriveQueuePatient(entry, now);
      expect(derivedAt(entry, scoring, now)).toEqual(derived);
    }
  });

  it('leaves out the wait: clinical priority is computed at read time from the stored scoring', () => {
    const calm = { status: 'waiting' as const, createdAt: '2025-03-01T10:00:00Z', age: 40, chiefComplaint: 'cough' };
    const scoring = queueScoring(calm);
    expect(scoring).not.toHaveProperty('waitTime');
    expect(scoring).not.toHaveProperty('clinicalPriority');
    const early = derivedAt(calm, scoring, '2025-03-01T10:05:00Z');
    const late = derivedAt(calm, scoring, '2025-03-01T11:30:00Z');
    expect([early.waitTime, late.waitTime]).toEqual([5, 90]);
    expect(late.clinicalPriority).toBe(Math.min(100, early.clinicalPriority + 20));
  });
});

describe('queue order', () => {
  it('puts the higher clinical priority first, then the earlier check-in', () => {
    const a = { clinicalPriority: 50, createdAt: '2025-03-01T10:05:00Z' };
    const b = { clinicalPriority: 80, createdAt: '2025-03-01T10:10:00Z' };
    const c = { clinicalPriority: 50, createdAt: '2025-03-01T10:00:00Z' };
    expect([a, b, c].sort(compareQueueOrder)).toEqual([b, c, a]);
  });
});

describe('queue stats', () => {
  const entry = (over: Partial<QueueStatsEntry>): QueueStatsEntry => ({
    status: 'waiting',
    waitTime: 10,
    riskScore: 10,
    urgencyLevel: 'low',
    requiresImmediateAttention: false,
    news2: null,
    ...over,
  });

  it('is all zeros with no compliance figure for an empty queue', () => {
    expect(computeQueueStats([])).toEqual({
      totalWaiting: 0,
      totalInProgress: 0,
      urgentCases: 0,
      emergencyCases: 0,
      highRiskPatients: 0,
      averageWaitTime: 0,
      averageRiskScore: 0,
      doctorsAvailable: 0,
      cdsAlerts: 0,
      guidelineCompliance: null,
    });
  });

  it('counts the waiting list and averages its waits and scores', () => {
    const stats = computeQueueStats(
      [
        entry({ waitTime: 10, riskScore: 95, urgencyLevel: 'emergency', requiresImmediateAttention: true }),
        entry({ waitTime: 21, riskScore: 75, urgencyLevel: 'urgent' }),
        entry({ waitTime: 30, riskScore: 50, urgencyLevel: 'high' }),
        entry({ waitTime: 40, riskScore: 49, urgencyLevel: 'medium' }),
        entry({ status: 'in-progress', waitTime: 500, riskScore: 100, urgencyLevel: 'emergency', startedAt: 'x' }),
        entry({ status: 'completed', waitTime: 500, startedAt: 'x' }),
      ],
      { doctorsAvailable: 3 },
    );
    expect(stats).toMatchObject({
      totalWaiting: 4,
      totalInProgress: 1,
      urgentCases: 1,
      emergencyCases: 1,
      highRiskPatients: 3,
      averageWaitTime: 25,
      averageRiskScore: 67,
      doctorsAvailable: 3,
      cdsAlerts: 1,
    });
  });

  it('high risk starts at a score of 50', () => {
    expect(computeQueueStats([entry({ riskScore: 49 }), entry({ riskScore: 50 })]).highRiskPatients).toBe(1);
  });

  it('a CDS alert comes from immediate attention or any NEWS2 band above low', () => {
    const news2 = (band: 'low' | 'low-medium' | 'medium' | 'high') => ({
      score: 0,
      band,
      points: {} as never,
      missing: [],
      complete: true,
      singleParameterThree: false,
    });
    const stats = computeQueueStats([
      entry({ news2: news2('low') }),
      entry({ news2: news2('low-medium') }),
      entry({ news2: news2('medium') }),
      entry({ news2: news2('high') }),
      entry({ requiresImmediateAttention: true }),
    ]);
    expect(stats.cdsAlerts).toBe(4);
  });

  it("compliance is the share of started entries seen within their band's target", () => {
    expect(startedWithinTarget({ riskScore: 85, waitTime: 0 })).toBe(true);
    expect(startedWithinTarget({ riskScore: 85, waitTime: 1 })).toBe(false);
    expect(startedWithinTarget({ riskScore: 70, waitTime: 15 })).toBe(true);
    expect(startedWithinTarget({ riskScore: 70, waitTime: 16 })).toBe(false);
    expect(startedWithinTarget({ riskScore: 50, waitTime: 30 })).toBe(true);
    expect(startedWithinTarget({ riskScore: 50, waitTime: 31 })).toBe(false);
    expect(startedWithinTarget({ riskScore: 30, waitTime: 120 })).toBe(true);
    expect(startedWithinTarget({ riskScore: 30, waitTime: 121 })).toBe(false);
    expect(startedWithinTarget({ riskScore: 29, waitTime: 999 })).toBe(true);
    const stats = computeQueueStats([
      entry({ status: 'completed', riskScore: 70, waitTime: 10, startedAt: 'x' }),
      entry({ status: 'in-progress', riskScore: 70, waitTime: 20, startedAt: 'x' }),
      entry({ status: 'completed', riskScore: 0, waitTime: 200, startedAt: 'x' }),
    ]);
    expect(stats.guidelineCompliance).toBe(67);
    const closedApart = computeQueueStats([entry({ status: 'in-progress', riskScore: 70, waitTime: 20, startedAt: 'x' })], {
      closedStarted: { started: 2, withinTarget: 2 },
    });
    expect(closedApart).toEqual(stats);
  });

  it('queueStatsAt derives stored entries as of now', () => {
    const stats = queueStatsAt(
      [{ status: 'waiting', createdAt: '2025-03-01T10:00:00Z', chiefComplaint: 'chest pain', age: 80 }],
      '2025-03-01T10:30:00Z',
    );
    expect(stats).toMatchObject({ totalWaiting: 1, averageWaitTime: 30, averageRiskScore: 80, highRiskPatients: 1 });
  });

  it('start care takes one from waiting (never below 0) and adds one in progress', () => {
    expect(statsAfterStartCare({ totalWaiting: 3, totalInProgress: 1 })).toEqual({ totalWaiting: 2, totalInProgress: 2 });
    expect(statsAfterStartCare({ totalWaiting: 0, totalInProgress: 0 })).toEqual({ totalWaiting: 0, totalInProgress: 1 });
  });

  it('the start-care banner names the patient id', () => {
    expect(careStartedMessage('abc')).toBe('Care session started for patient abc - Patient moved to care');
  });
});

describe('public board', () => {
  it('shows initials of the first and last names', () => {
    expect(boardInitials('Jane Mary Doe')).toBe('J.D.');
    expect(boardInitials('  élodie   martin ')).toBe('É.M.');
    expect(boardInitials('Cher')).toBe('C.');
    expect(boardInitials('')).toBe('?');
    expect(boardInitials(null)).toBe('?');
  });

  it('lists open entries by queue number with only the five public fields', () => {
    const board = publicBoard([
      {
        queueNumber: 2,
        patientName: 'Test Patient',
        status: 'waiting',
        urgencyLevel: 'high',
        waitTime: 5,
        phoneNumber: '555-0100',
        chiefComplaint: 'chest pain',
      } as never,
      { queueNumber: 1, patientName: 'Ann Lee', status: 'in-progress', urgencyLevel: 'low', waitTime: 9 },
      { queueNumber: 3, patientName: 'Gone Away', status: 'completed', urgencyLevel: 'low', waitTime: 9 },
    ]);
    expect(board).toEqual([
      { queueNumber: 1, initials: 'A.L.', urgencyLevel: 'low', waitTime: 9, status: 'in-progress' },
      { queueNumber: 2, initials: 'T.P.', urgencyLevel: 'high', waitTime: 5, status: 'waiting' },
    ]);
    expect(JSON.stringify(board)).not.toMatch(/Test|Patient|555|chest/);
  });
});
