import { boardInitials } from '@clinic/domain/rules/queue-status';
import type { BoardAnswer, KioskAnswer, WaitingRoomAnswer } from './api/patient-flow';
import { TEST_PATIENT_NAME } from './api/patient-flow';

/** Check 1: the kiosk answered with a case id and a queue number. */
export function judgeSubmission(answer: KioskAnswer): string | null {
  if (!answer.case?.id) return 'The answer has no case id';
  if (!Number.isInteger(answer.queueNumber) || answer.queueNumber < 1) return 'The answer has no queue number';
  return null;
}

/** Check 2: the public queue answered with a list of patients. */
export function judgePublicQueue(answer: BoardAnswer): string | null {
  return Array.isArray(answer.patients) ? null : 'The answer has no patients list';
}

/** Check 3 for staff: the submitted case is in the waiting room under the name Test Patient. */
export function judgeWaitingRoom(answer: WaitingRoomAnswer, submitted: KioskAnswer): string | null {
  const entry = answer.patients.find((p) => p.id === submitted.case.id);
  if (!entry) return `Case ${submitted.case.id} is not in the waiting room`;
  if (entry.patientName !== TEST_PATIENT_NAME) return `Case ${submitted.case.id} is named "${entry.patientName}", not "${TEST_PATIENT_NAME}"`;
  return null;
}

/** Check 3 for anyone else: the de-identified board shows the submitted queue number with Test Patient's initials. */
export function judgeBoard(answer: BoardAnswer, submitted: KioskAnswer): string | null {
  const initials = boardInitials(TEST_PATIENT_NAME);
  const entry = answer.patients.find((p) => p.queueNumber === submitted.queueNumber);
  if (!entry) return `Queue number ${submitted.queueNumber} is not on the board`;
  if (entry.initials !== initials) return `Queue number ${submitted.queueNumber} shows ${entry.initials}, not ${initials}`;
  return null;
}
