import { isIPv6 } from 'node:net';

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** Hextet groups a part of an IPv6 address stands for (an embedded IPv4 takes two). */
function groupsOf(part: string): string[] {
  if (!part) return [];
  return part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
}

/**
 * Who a rate limit counts: an IPv4 address as is (behind carrier-grade NAT it stands for many
 * people, which the limits allow for), an IPv6 address by its /64. A subscriber gets a whole /64
 * and picks addresses in it at will (privacy extensions), so counting single addresses would let
 * one phone count as billions of visitors (docs/decisions/006-booking-rate-limits.md).
 */
export function clientAddressKey(ip: string): string {
  const address = ip.split('%')[0]!;
  const mapped = IPV4_MAPPED.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.toLowerCase().split('::');
  const headGroups = groupsOf(head);
  const tailGroups = tail === undefined ? [] : groupsOf(tail);
  const zeros = Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  const prefix = [...headGroups, ...zeros, ...tailGroups]
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}
