import { describe, expect, it } from 'vitest';
import { kioskCaseBody } from '../contracts/kiosk.js';
import { CRITICAL_EMERGENCY_PICKS, EMERGENCY_PICKS, isCriticalPick } from './emergency-kiosk.js';

describe('emergency-kiosk quick picks', () => {
  it('treats chest pain, breathing, bleeding, stroke and serious injury as critical; fever and other are not', () => {
    expect(EMERGENCY_PICKS.filter(isCriticalPick)).toEqual([...CRITICAL_EMERGENCY_PICKS]);
    expect(isCriticalPick('fever')).toBe(false);
    expect(isCriticalPick('other')).toBe(false);
  });

  it('parses an emergency-kiosk case: the pick is the chief complaint, the name optional only when critical', () => {
    expect(kioskCaseBody.parse({ source: 'emergency-kiosk', quickPick: 'chest-pain', chiefComplaint: 'ignored' })).toMatchObject({
      firstName: 'Unknown',
      lastName: 'patient',
      chiefComplaint: 'Chest pain',
      emergency: { pick: 'chest-pain', critical: true, named: false },
    });
    expect(kioskCaseBody.safeParse({ source: 'emergency-kiosk', quickPick: 'fever' }).success).toBe(false);
    expect(kioskCaseBody.parse({ source: 'emergency-kiosk', quickPick: 'fever', name: 'Ana María Ruiz' })).toMatchObject({
      firstName: 'Ana María',
      lastName: 'Ruiz',
      emergency: { critical: false, named: true },
    });
    expect(kioskCaseBody.parse({ firstName: 'A', lastName: 'B', chiefComplaint: 'cough', quickPick: 'fever' }).emergency).toBeNull();
  });
});
