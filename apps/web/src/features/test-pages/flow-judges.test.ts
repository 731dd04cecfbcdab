import type { PublicBoardEntryDto, QueueEntryDto } from '@clinic/domain/contracts/queue';
import { describe, expect, it } from 'vitest';
import { judgeBoard, judgePublicQueue, judgeSubmission, judgeWaitingRoom } from './flow-judges';

const submitted = { success: true as const, case: { id: 'case-1' }, queueNumber: 7 };
const board = (entries: Array<Partial<PublicBoardEntryDto>>) => ({ success: true as const, patients: entries as PublicBoardEntryDto[] });
const room = (entries: Array<Partial<QueueEntryDto>>) => ({ success: true as const, patients: entries as QueueEntryDto[] });

describe('patient flow judges', () => {
  it('pass a submission only with a case id and a queue number', () => {
    expect(judgeSubmission(submitted)).toBeNull();
    expect(judgeSubmission({ ...submitted, case: { id: '' } })).toBe('The answer has no case id');
    expect(judgeSubmission({ ...submitted, queueNumber: 0 })).toBe('The answer has no queue number');
  });

  it('pass the public queue only with a patients list', () => {
    expect(judgePublicQueue(board([]))).toBeNull();
    expect(judgePublicQueue({ success: true } as never)).toBe('The answer has no patients list');
  });

  it('find Test Patient by case and name in the waiting room', () => {
    expect(judgeWaitingRoom(room([{ id: 'case-1', patientName: 'Test Patient' }]), submitted)).toBeNull();
    expect(judgeWaitingRoom(room([{ id: 'case-2', patientName: 'Test Patient' }]), submitted)).toBe('Case case-1 is not in the waiting room');
    expect(judgeWaitingRoom(room([{ id: 'case-1', patientName: 'Tess Pate' }]), submitted)).toContain('not "Test Patient"');
  });

  it('find Test Patient on the board by queue number and initials only', () => {
    expect(judgeBoard(board([{ queueNumber: 7, initials: 'T.P.' }]), submitted)).toBeNull();
    expect(judgeBoard(board([{ queueNumber: 6, initials: 'T.P.' }]), submitted)).toBe('Queue number 7 is not on the board');
    expect(judgeBoard(board([{ queueNumber: 7, initials: 'M.L.' }]), submitted)).toBe('Queue number 7 shows M.L., not T.P.');
  });
});
