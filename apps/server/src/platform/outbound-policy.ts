import ipaddr from 'ipaddr.js';

/**
 * Which addresses the server may connect to on a tenant's behalf (`outbound.ts` applies it).
 * Public addresses always; private ones only where the deployment's `OUTBOUND_ALLOW` names them;
 * the ranges below never, whatever the allow-list says: they reach this machine or the cloud
 * provider's instance metadata (credentials), which no integration of a tenant has any business with.
 */

type Address = ipaddr.IPv4 | ipaddr.IPv6;

const ALWAYS_REFUSED: Array<[Address, number]> = [
  // "This host": Linux connects 0.0.0.0 to the machine itself.
  '0.0.0.0/8',
  '127.0.0.0/8',
  // Link-local, which holds 169.254.169.254, the instance metadata of AWS, GCP and Azure.
  '169.254.0.0/16',
  // Alibaba Cloud's instance metadata (inside carrier-grade NAT space, otherwise a private range).
  '100.100.100.200/32',
  // IPv4-compatible addresses, the unspecified address and ::1.
  '::/96',
  'fe80::/10',
  // AWS's instance metadata over IPv6.
  'fd00:ec2::254/128',
].map((cidr) => ipaddr.parseCIDR(cidr));

/** The address itself, or the IPv4 address an IPv4-mapped IPv6 address carries (judged as that). */
function normalized(address: string): Address {
  const ip = ipaddr.parse(address);
  return ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress() ? (ip as ipaddr.IPv6).toIPv4Address() : ip;
}

const within = (ip: Address, [network, bits]: [Address, number]) => ip.kind() === network.kind() && ip.match(network, bits);

/** True for loopback, link-local, "this host", IPv4-compatible and instance-metadata addresses. */
export function isAlwaysRefused(address: string): boolean {
  const ip = normalized(address);
  return ALWAYS_REFUSED.some((range) => within(ip, range));
}

/**
 * True for an address a service on the internet never has: private, loopback, link-local, unique
 * local, carrier-grade NAT, unspecified, multicast, broadcast and reserved ranges (ipaddr.js's
 * ranges; an IPv4-mapped IPv6 address judged as its IPv4 address).
 */
export function isInternalAddress(address: string): boolean {
  return normalized(address).range() !== 'unicast';
}

/** A host name as DNS writes it: letters, digits and hyphens in dot-separated labels. */
const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** One `OUTBOUND_ALLOW` entry: a network (`10.0.0.0/8`, a single address) or an exact host name. */
export type AllowEntry = { network: [Address, number] } | { host: string };

/**
 * Reads one `OUTBOUND_ALLOW` entry, or says why it is not one. An entry wholly inside the ranges
 * that are always refused is refused here too, so that the setting never appears to allow them.
 */
export function parseAllowEntry(raw: string): AllowEntry | { problem: string } {
  const entry = raw.trim().toLowerCase();
  let network: [Address, number] | null = null;
  if (ipaddr.isValid(entry)) {
    const ip = ipaddr.parse(entry);
    network = [ip, ip.kind() === 'ipv4' ? 32 : 128];
  } else if (entry.includes('/')) {
    try {
      network = ipaddr.parseCIDR(entry);
    } catch {
      return { problem: `"${raw}" is not a valid CIDR range` };
    }
  }
  if (network) {
    const [ip, bits] = network;
    const normalizedIp = ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96 ? (ip as ipaddr.IPv6).toIPv4Address() : ip;
    const normalizedBits = normalizedIp === ip ? bits : bits - 96;
    if (ALWAYS_REFUSED.some(([n, b]) => b <= normalizedBits && within(normalizedIp, [n, b])))
      return { problem: `"${raw}" is loopback, link-local or instance metadata, which the server never connects to` };
    return { network: [normalizedIp, normalizedBits] };
  }
  if (HOST_NAME.test(entry)) return { host: entry.replace(/\.$/, '') };
  return { problem: `"${raw}" is not an IP address, a CIDR range or a host name` };
}

/** True when an entry of the list names the host (exactly, ignoring case) or holds the address. */
export function isAllowed(allow: readonly AllowEntry[], host: string, address: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  const ip = normalized(address);
  return allow.some((entry) => ('host' in entry ? entry.host === name : within(ip, entry.network)));
}
