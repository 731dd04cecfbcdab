/**
 * The emergency-room kiosk's rules: the quick picks a walk-in patient chooses from,
 * which of them are critical (the entry is an emergency and a nurse goes to the patient at once),
 * and what the server stores for them.
 */

/** The quick picks of "What brings you to the emergency room?", in screen order. */
export const EMERGENCY_PICKS = ['chest-pain', 'trouble-breathing', 'severe-bleeding', 'stroke-signs', 'serious-injury', 'fever', 'other'] as const;
/** One quick pick. */
export type EmergencyPick = (typeof EMERGENCY_PICKS)[number];

/** The chief complaint an emergency-kiosk entry is stored with (staff screens are English). */
export const EMERGENCY_PICK_COMPLAINTS: Record<EmergencyPick, string> = {
  'chest-pain': 'Chest pain',
  'trouble-breathing': 'Trouble breathing',
  'severe-bleeding': 'Severe bleeding',
  'stroke-signs': 'Stroke signs',
  'serious-injury': 'Serious injury',
  fever: 'Fever',
  other: 'Other',
};

/**
 * Picks that cannot wait in the waiting room: possible heart attack, airway or breathing problem,
 * major haemorrhage, stroke (time-critical treatment) and major trauma. Over-triage at the door is
 * the safe side: a nurse sees the patient at once and can lower the priority.
 */
export const CRITICAL_EMERGENCY_PICKS: readonly EmergencyPick[] = [
  'chest-pain',
  'trouble-breathing',
  'severe-bleeding',
  'stroke-signs',
  'serious-injury',
];

/** Whether a pick is critical (see {@link CRITICAL_EMERGENCY_PICKS}). */
export function isCriticalPick(pick: EmergencyPick): boolean {
  return CRITICAL_EMERGENCY_PICKS.includes(pick);
}

/** The check-in source of the emergency-room kiosk, kept on the queue entry. */
export const EMERGENCY_KIOSK_SOURCE = 'emergency-kiosk';
/** Department of every emergency-kiosk entry. */
export const EMERGENCY_KIOSK_DEPARTMENT = 'emergency';
/** The requested priority of an entry whose pick is critical (else the kiosk's routine). */
export const EMERGENCY_KIOSK_CRITICAL_PRIORITY = 'emergency';

/**
 * The name an entry is stored under when a patient with a critical pick gave none (the name is
 * optional then: nobody in distress should be held at a form). Staff complete it at the bedside.
 */
export const UNNAMED_EMERGENCY_PATIENT = { firstName: 'Unknown', lastName: 'patient' } as const;

/** The message of the CRITICAL EMERGENCY_CHECKIN alert a critical pick raises. */
export function emergencyCheckInAlertMessage(pick: EmergencyPick, queueNumber: number): string {
  return `Emergency kiosk check-in #${queueNumber}: ${EMERGENCY_PICK_COMPLAINTS[pick].toLowerCase()}. A nurse must go to the patient now.`;
}
