import { allowList, type OutboundPolicy } from './outbound.js';

/**
 * For tests only: a policy under which each host name resolves to the address given (as DNS would
 * answer for a remote system), every check of the guard runs on that address, and the connection
 * then goes to a fake server on this machine. `allow` is what OUTBOUND_ALLOW would say.
 */
export function standInPolicy(names: Record<string, string>, allow = ''): OutboundPolicy {
  return {
    allow: allowList(allow),
    resolve: async (host) => {
      const address = names[host];
      if (!address) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
      return [{ address, family: address.includes(':') ? 6 : 4 }];
    },
    dial: () => ({ address: '127.0.0.1', family: 4 }),
  };
}
