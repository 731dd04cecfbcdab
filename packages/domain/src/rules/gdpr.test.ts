import { describe, expect, it } from 'vitest';
import { isRightsRequestOverdue, rightsRequestDaysLeft, rightsRequestDueDate } from './gdpr.js';

const DAY = 24 * 60 * 60 * 1000;
const received = new Date('2026-03-01T09:00:00Z');

describe('rights request due date', () => {
  it('is 30 days after the request was received', () => {
    expect(rightsRequestDueDate(received).toISOString()).toBe('2026-03-31T09:00:00.000Z');
  });
});

describe('days left', () => {
  const due = rightsRequestDueDate(received);
  it('is 30 when the request is received', () => {
    expect(rightsRequestDaysLeft(due, received)).toBe(30);
  });
  it('is 1 a full day before the due time and through the last day', () => {
    expect(rightsRequestDaysLeft(due, new Date(due.getTime() - DAY))).toBe(1);
    expect(rightsRequestDaysLeft(due, new Date(due.getTime() - 1))).toBe(1);
  });
  it('is 2 a millisecond more than a day before the due time', () => {
    expect(rightsRequestDaysLeft(due, new Date(due.getTime() - DAY - 1))).toBe(2);
  });
  it('is 0 at the due time and through the first day late', () => {
    expect(rightsRequestDaysLeft(due, due)).toBe(0);
    expect(Object.is(rightsRequestDaysLeft(due, new Date(due.getTime() + 1)), 0)).toBe(true);
    expect(rightsRequestDaysLeft(due, new Date(due.getTime() + DAY - 1))).toBe(0);
  });
  it('is -1 once a full day late (a request received 31 days ago)', () => {
    expect(rightsRequestDaysLeft(due, new Date(due.getTime() + DAY))).toBe(-1);
    expect(rightsRequestDaysLeft(due, new Date(received.getTime() + 31 * DAY + 5000))).toBe(-1);
  });
});

describe('overdue', () => {
  const due = rightsRequestDueDate(received);
  it('is not overdue at the due time itself', () => {
    expect(isRightsRequestOverdue(due, true, due)).toBe(false);
  });
  it('is overdue a millisecond after the due time while open', () => {
    expect(isRightsRequestOverdue(due, true, new Date(due.getTime() + 1))).toBe(true);
  });
  it('a request received 31 days ago and still open is overdue', () => {
    expect(isRightsRequestOverdue(due, true, new Date(received.getTime() + 31 * DAY))).toBe(true);
  });
  it('a closed request is never overdue', () => {
    expect(isRightsRequestOverdue(due, false, new Date(received.getTime() + 90 * DAY))).toBe(false);
  });
});
