import ipaddr from 'ipaddr.js';

/**
 * The IP allow-list of an organization (Organization settings, Security tab): addresses and CIDR
 * ranges, IPv4 and IPv6, one per line. An empty list allows every address.
 */

/** Most entries a list may hold. */
export const MAX_ALLOW_LIST_ENTRIES = 100;

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** An entry as a range (a single address is a /32 or /128); null when it is neither. */
export function parseAllowListEntry(entry: string): Range | null {
  const text = entry.trim();
  if (!text || text.length > 64) return null;
  const [base, bits, extra] = text.split('/');
  // IPv4 in its four-part dotted form only: ipaddr.js also reads "10.1" or hex parts, which people mistype.
  if (extra !== undefined || (!base.includes(':') && !ipaddr.IPv4.isValidFourPartDecimal(base))) return null;
  try {
    if (bits !== undefined) return /^\d{1,3}$/.test(bits) ? ipaddr.parseCIDR(text) : null;
    if (!ipaddr.isValid(text)) return null;
    const address = ipaddr.parse(text);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return null;
  }
}

/** Whether `entry` is an address or a CIDR range the list accepts. */
export const isAllowListEntry = (entry: string): boolean => parseAllowListEntry(entry) !== null;

/** An address as the checks compare it: an IPv4-mapped IPv6 address (`::ffff:10.0.0.1`) is its IPv4 address. */
function normalized(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  try {
    return ipaddr.process(address.trim());
  } catch {
    return null;
  }
}

/**
 * Whether `address` may reach the organization under `list`: always with an empty list, else when
 * it lies in one of the entries (entries that do not parse allow nothing).
 */
export function addressAllowed(address: string, list: readonly string[]): boolean {
  if (list.length === 0) return true;
  const ip = normalized(address);
  if (!ip) return false;
  for (const entry of list) {
    const range = parseAllowListEntry(entry);
    if (!range) continue;
    const [base] = range;
    const candidate =
      base.kind() === 'ipv4' && ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress() ? (ip as ipaddr.IPv6).toIPv4Address() : ip;
    if (candidate.kind() === base.kind() && candidate.match(range as [typeof candidate, number])) return true;
  }
  return false;
}
