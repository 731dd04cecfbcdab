import {
  badgeStatusAt,
  formatVisitDuration,
  maskDocumentNumber,
  visitMinutes,
  visitorStatusAt,
  type BadgeStatus,
  type VisitorAccessLevel,
  type VisitorBadgeDto,
  type VisitorDto,
} from '@clinic/domain';
import type { VisitorBadgeRow, VisitorRow } from '../../db/schema/index.js';

type VisitHistory = VisitorDto['visitHistory'];

/** The staff verification link a badge's QR code encodes: the console's badge check. */
export const badgeVerificationPath = (badgeNumber: string) => `/visitor-management?tab=badges&badge=${encodeURIComponent(badgeNumber)}`;

/**
 * A visit as the API returns it, its status and duration at `now`. The ID number is masked but
 * its last 4; `visitHistory` is filled only where staff asked for one visitor.
 */
export function toVisitorDto(v: VisitorRow, now: Date, visitHistory: VisitHistory = []): VisitorDto {
  const minutes = visitMinutes(v.checkInTime, v.checkOutTime, now);
  return {
    id: v.id,
    firstName: v.firstName,
    lastName: v.lastName,
    email: v.email,
    phone: v.phone,
    relationship: v.relationship,
    patientId: v.patientId,
    patientName: v.patientName,
    visitPurpose: v.visitPurpose,
    checkInTime: v.checkInTime.toISOString(),
    checkOutTime: v.checkOutTime?.toISOString() ?? null,
    badgeNumber: v.badgeNumber,
    status: visitorStatusAt(v, now),
    accessLevel: v.accessLevel as VisitorAccessLevel,
    department: v.department,
    floor: v.floor,
    roomNumber: v.roomNumber,
    escortRequired: v.escortRequired,
    escortName: v.escortName,
    specialInstructions: v.specialInstructions,
    idDocument: { type: v.idDocumentType, number: maskDocumentNumber(v.idDocumentNumber), issuedBy: v.idDocumentIssuedBy },
    emergencyContact: { name: v.emergencyContactName, phone: v.emergencyContactPhone, relationship: v.emergencyContactRelationship },
    visitHistory,
    healthScreening: v.healthScreening,
    temperature: v.temperature,
    wheelchairAccess: v.wheelchairAccess,
    validUntil: v.validUntil.toISOString(),
    durationMinutes: minutes,
    duration: formatVisitDuration(minutes),
    rating: v.rating,
  };
}

/** An earlier visit of the same person, as the detail's history lists it. */
export function toVisitHistoryEntry(v: VisitorRow, now: Date): VisitHistory[number] {
  return {
    id: v.id,
    checkInTime: v.checkInTime.toISOString(),
    checkOutTime: v.checkOutTime?.toISOString() ?? null,
    patientName: v.patientName,
    status: visitorStatusAt(v, now),
    duration: formatVisitDuration(visitMinutes(v.checkInTime, v.checkOutTime, now)),
  };
}

/** A badge as the API returns it; `qrCode` is the verification link its QR code encodes. */
export function toBadgeDto(b: VisitorBadgeRow): VisitorBadgeDto {
  return {
    id: b.id,
    visitorId: b.visitorId,
    badgeNumber: b.badgeNumber,
    badgeType: b.badgeType,
    color: b.color,
    validUntil: b.validUntil.toISOString(),
    accessLevel: b.accessLevel as VisitorAccessLevel,
    qrCode: badgeVerificationPath(b.badgeNumber),
    printed: b.printed,
    issuedBy: b.issuedBy,
    issuedAt: b.issuedAt.toISOString(),
  };
}

/** The badge status of a visit and its badge at `now`. */
export const badgeStatusOf = (v: VisitorRow, b: VisitorBadgeRow | null, now: Date): BadgeStatus =>
  badgeStatusAt({ ...v, revokedAt: b?.revokedAt ?? null }, now);
