import { describe, expect, it } from 'vitest';
import { addressAllowed, isAllowListEntry } from './ip-allow-list.js';

describe('isAllowListEntry', () => {
  it('accepts IPv4 and IPv6 addresses and CIDR ranges', () => {
    for (const entry of ['203.0.113.7', '203.0.113.0/24', '2001:db8::1', '2001:db8::/32', '0.0.0.0/0']) expect(isAllowListEntry(entry)).toBe(true);
  });

  it('refuses what is not an address or a range', () => {
    for (const entry of ['', 'localhost', '203.0.113', '203.0.113.0/33', '2001:db8::/129', '10.0.0.1/x', '1.2.3.4 5.6.7.8']) {
      expect(isAllowListEntry(entry)).toBe(false);
    }
  });
});

describe('addressAllowed', () => {
  it('allows every address when the list is empty', () => {
    expect(addressAllowed('198.51.100.1', [])).toBe(true);
  });

  it('allows an address at both ends of a range and refuses the next one out', () => {
    const list = ['203.0.113.0/25'];
    expect(addressAllowed('203.0.113.0', list)).toBe(true);
    expect(addressAllowed('203.0.113.127', list)).toBe(true);
    expect(addressAllowed('203.0.113.128', list)).toBe(false);
  });

  it('matches single addresses exactly', () => {
    expect(addressAllowed('192.0.2.10', ['192.0.2.10'])).toBe(true);
    expect(addressAllowed('192.0.2.11', ['192.0.2.10'])).toBe(false);
  });

  it('matches IPv6 addresses and ranges', () => {
    expect(addressAllowed('2001:db8:0:1::5', ['2001:db8::/48'])).toBe(true);
    expect(addressAllowed('2001:db9::5', ['2001:db8::/48'])).toBe(false);
    expect(addressAllowed('::1', ['::1'])).toBe(true);
  });

  it('takes an IPv4-mapped IPv6 address for its IPv4 address', () => {
    expect(addressAllowed('::ffff:192.0.2.10', ['192.0.2.0/24'])).toBe(true);
  });

  it('refuses an address it cannot read', () => {
    expect(addressAllowed('not-an-address', ['0.0.0.0/0'])).toBe(false);
  });
});
