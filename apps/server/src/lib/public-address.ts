import net from 'node:net';

/**
 * Which addresses the server may send requests to on a user's behalf (push endpoints): only public unicast ones.
 * IPv4 is checked against IANA's special-purpose registry; IPv6 is allowed only inside global unicast (2000::/3)
 * minus its special blocks, and the IPv4 address carried inside an IPv6 one (mapped, compatible, NAT64, 6to4) is
 * checked as IPv4, so `::ffff:127.0.0.1`, `::127.0.0.1` and `64:ff9b::a00:1` are refused like `127.0.0.1`.
 */

const V4_REFUSED: [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast 255.255.255.255
];

const v4ToInt = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
const v4Refused = V4_REFUSED.map(([base, bits]) => ({ base: v4ToInt(base), size: 2 ** (32 - bits) }));

function publicV4(n: number): boolean {
  return !v4Refused.some(({ base, size }) => n >= base && n < base + size);
}

/** The 16 bytes of an IPv6 address (one `net.isIPv6` accepts), as a bigint. */
function v6ToBigInt(ip: string): bigint {
  let text = ip.toLowerCase().replace(/%.*$/, ''); // a zone id names an interface, not an address
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = v4ToInt(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? headGroups
      : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return groups.reduce((n, g) => (n << 16n) | BigInt(parseInt(g, 16)), 0n);
}

const inV6 = (n: bigint, prefix: bigint, bits: number) =>
  n >> BigInt(128 - bits) === prefix >> BigInt(128 - bits);
const low32 = (n: bigint) => Number(n & 0xffffffffn);

function publicV6(n: bigint): boolean {
  // IPv4 inside IPv6: judged by the IPv4 address it carries.
  if (inV6(n, 0xffffn << 32n, 96)) return publicV4(low32(n)); // ::ffff:a.b.c.d (mapped)
  if (inV6(n, 0n, 96)) return n > 1n && publicV4(low32(n)); // ::a.b.c.d (compatible); :: and ::1 refused
  if (inV6(n, 0x0064ff9bn << 96n, 96)) return publicV4(low32(n)); // 64:ff9b::/96 (NAT64)
  if (inV6(n, 0x2002n << 112n, 16)) return publicV4(Number((n >> 80n) & 0xffffffffn)); // 2002::/16 (6to4)
  if (!inV6(n, 0x2000n << 112n, 3)) return false; // outside global unicast: ULA, link-local, multicast, NAT64 local…
  const special: [bigint, number][] = [
    [0x2001n << 112n, 23], // IETF protocol assignments, Teredo (2001::/32) among them
    [0x20010db8n << 96n, 32], // documentation
    [0x3fffn << 112n, 20], // documentation (RFC 9637)
  ];
  return !special.some(([prefix, bits]) => inV6(n, prefix, bits));
}

/** True for an IP address the server may connect to on someone's behalf; false for anything else (names too). */
export function isPublicAddress(ip: string): boolean {
  const host = ip.replace(/^\[|\]$/g, '');
  if (net.isIPv4(host)) return publicV4(v4ToInt(host));
  if (net.isIPv6(host)) return publicV6(v6ToBigInt(host));
  return false;
}

/** Names that mean this machine or its local network whatever DNS says (a trailing dot changes nothing). */
export function isLocalName(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.+$/, '');
  return (
    h === '' ||
    h === 'localhost' ||
    h === 'localhost.localdomain' ||
    /\.(localhost|local|internal|localdomain|home\.arpa|lan|intranet|corp)$/.test(h) ||
    !h.includes('.') // a single label is resolved through the local search domains and /etc/hosts
  );
}
