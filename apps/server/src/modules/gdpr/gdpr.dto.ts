import {
  isRightsRequestOverdue,
  rightsRequestDaysLeft,
  type ConsentDto,
  type ConsentPurpose,
  type RightsRequestDto,
  type RightsRequestStatus,
  type RightsRequestType,
} from '@clinic/domain';
import type { GdprConsentRow, GdprRightsRequestRow } from '../../db/schema/index.js';
import { accountNames } from '../../platform/accounts.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Display names of members by user id ("First Last", else the e-mail), for who recorded and closed what. */
export const memberNames = accountNames;

const nameOf = (names: Map<string, string>, id: string | null) => (id ? (names.get(id) ?? id) : null);

/** A request row as the API returns it: its days left and overdue flag are computed at `now`. */
export function toRightsRequestDto(
  r: GdprRightsRequestRow,
  names: Map<string, string>,
  patientName: string | null,
  now: Date = new Date(),
): RightsRequestDto {
  const open = r.status === 'OPEN';
  return {
    id: r.id,
    patientId: r.patientId,
    patientName,
    type: r.type as RightsRequestType,
    status: r.status as RightsRequestStatus,
    notes: r.notes,
    receivedAt: r.receivedAt.toISOString(),
    dueDate: r.dueDate.toISOString(),
    daysLeft: rightsRequestDaysLeft(r.dueDate, now),
    overdue: isRightsRequestOverdue(r.dueDate, open, now),
    recordedBy: nameOf(names, r.recordedBy),
    completedAt: iso(r.completedAt),
    completedBy: nameOf(names, r.completedBy),
    resolution: r.resolution,
  };
}

/** A consent row as the API returns it. */
export function toConsentDto(c: GdprConsentRow, names: Map<string, string>): ConsentDto {
  return {
    id: c.id,
    patientId: c.patientId,
    purpose: c.purpose as ConsentPurpose,
    givenAt: c.givenAt.toISOString(),
    withdrawnAt: iso(c.withdrawnAt),
    recordedBy: nameOf(names, c.recordedBy),
    withdrawnBy: nameOf(names, c.withdrawnBy),
    active: c.withdrawnAt === null,
  };
}
