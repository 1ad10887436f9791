import { blockedAddress } from '@orkeon/core';

/**
 * What makes `address` one a webhook may not reach ("a loopback address"), or
 * `undefined` for a public address: the network guard's rules in `@orkeon/core`, the
 * same every tool that reaches the network obeys (metadata, loopback, private,
 * link-local, … and IPv4 carried inside IPv6 judged as the IPv4 address it reaches).
 * Anything that is not an IP address is refused as such.
 */
export function blockedAddressRule(address: string): string | undefined {
  return blockedAddress(address.replace(/^\[|\]$/g, '').split('%')[0] ?? '')?.description;
}
