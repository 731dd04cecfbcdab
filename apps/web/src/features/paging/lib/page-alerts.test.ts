import { describe, expect, it } from 'vitest';
import { alertTitle } from './page-alerts';
import { arrivedPages } from './use-page-alerts';

const page = (id: string) => ({ id });

describe('arrivedPages', () => {
  it('announces nothing on the first read: what was open before the app loaded is not news', () => {
    expect(arrivedPages(null, [page('a'), page('b')])).toEqual([]);
  });

  it('afterwards returns exactly the pages not seen before, in the list order', () => {
    expect(arrivedPages(new Set(['a']), [page('c'), page('a'), page('b')])).toEqual([page('c'), page('b')]);
    expect(arrivedPages(new Set(['a', 'b']), [page('b')])).toEqual([]);
  });
});

describe('alertTitle', () => {
  const base = { id: 'p', message: 'Bay 3', automatic: false, sender: { memberId: 'm', name: 'Nina Ng', role: 'Nurse' as const } };
  it('names the priority and the sender, or a critical alert for an automatic page', () => {
    expect(alertTitle({ ...base, priority: 'urgent' })).toBe('Urgent page from Nina Ng');
    expect(alertTitle({ ...base, priority: 'emergency', automatic: true, sender: null })).toBe('Emergency page from a critical alert');
    expect(alertTitle({ ...base, priority: 'routine', sender: null })).toBe('Routine page');
  });
});
