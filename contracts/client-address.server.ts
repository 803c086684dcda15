import { isIPv4, isIPv6 } from "node:net";

/**
 * The key a per-address limit or count uses for a client's address: an IPv4 address as it is (an IPv4-mapped IPv6
 * address as its IPv4), an IPv6 address by its /64, which one subscriber holds whole, so stepping through the
 * addresses of one's own prefix does not make one a new client. Anything else (a test's name) as it is.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (isIPv4(address)) return address;
  const bare = address.split("%")[0];
  if (isIPv6(bare)) return `${ipv6Groups(bare).slice(0, 4).join(":")}::/64`;
  return address;
}

/** The eight groups of an IPv6 address, "::" expanded, each without leading zeros. */
function ipv6Groups(address: string): string[] {
  const [head, tail] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return groups.map((group) => (Number.parseInt(group, 16) || 0).toString(16));
}
