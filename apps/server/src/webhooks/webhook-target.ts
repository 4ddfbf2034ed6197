// Where a webhook may go: an http(s) address, and (in production) not one of our own network's,
// so a master agent cannot point deliveries at the server's loopback or private neighbours.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

/** An address literal of loopback, private, link-local or multicast space (IPv4-mapped too). */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  const ip = mapped ?? bare;
  const family = isIP(ip);
  if (family === 0) return false;
  return PRIVATE.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** Whether the address names our own side by its text alone (no lookup). */
export function namesPrivateHost(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.internal') ||
    isPrivateAddress(host)
  );
}

/**
 * Checked again before each delivery, since a name may resolve elsewhere later. A name that
 * resolves to a public address at this lookup and a private one at the connection's own (DNS
 * rebinding) is not caught here: decision 019 says so.
 */
export async function resolvesPrivate(url: URL): Promise<boolean> {
  if (namesPrivateHost(url)) return true;
  if (isIP(url.hostname.replace(/^\[|\]$/g, ''))) return false;
  const addresses = await lookup(url.hostname, { all: true });
  return addresses.some((a) => isPrivateAddress(a.address));
}
