import { ON_CALL_ROLES } from '@clinic/domain/rules/paging';
import { describe, expect, it } from 'vitest';
import { ON_CALL_ROLE_ORDER, recipientOptions } from './recipients';

describe('paging recipients', () => {
  it('lists the on-call roles Doctor and Nurse first, then Staff, Manager, Admin and Owner, each once', () => {
    expect(ON_CALL_ROLE_ORDER).toEqual(['Doctor', 'Nurse', 'Staff', 'Manager', 'Admin', 'Owner']);
    expect([...ON_CALL_ROLE_ORDER].sort()).toEqual([...ON_CALL_ROLES].sort());
  });

  it('offers those on call now first, then the others by name, marking who is on call', () => {
    const options = recipientOptions([
      { memberId: 'b', name: 'Bea Ward', role: 'Nurse', department: null, onCallNow: false },
      { memberId: 'c', name: 'Cal Reed', role: 'Doctor', department: 'Cardiology', onCallNow: true },
      { memberId: 'a', name: 'Ann Ames', role: 'Staff', department: null, onCallNow: false },
    ]);
    expect(options).toEqual([
      { value: 'c', label: 'Cal Reed · Doctor, Cardiology (on call)' },
      { value: 'a', label: 'Ann Ames · Staff' },
      { value: 'b', label: 'Bea Ward · Nurse' },
    ]);
  });
});
