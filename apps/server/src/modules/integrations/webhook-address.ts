import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { VALIDATION_KEYS } from '@candid/domain';
import { AppError } from '../../lib/app-error';

/** Loopback, private, link-local, shared and unspecified ranges (IPv4 and IPv6). */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is one of this machine's or its private network's. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  const family = isIP(bare);
  if (family === 4) return PRIVATE.check(bare, 'ipv4');
  if (family === 6) return PRIVATE.check(bare, 'ipv6');
  return false;
}

/** Whether a URL names a private host outright (localhost, or a private IP literal). */
export function namesPrivateHost(url: string): boolean {
  const { hostname } = new URL(url);
  return hostname === 'localhost' || hostname.endsWith('.localhost') || isPrivateAddress(hostname);
}

/** A webhook address as saved: a private host is refused unless the server allows them. */
export function assertWebhookTarget(url: string, allowPrivate: boolean): void {
  if (allowPrivate || !namesPrivateHost(url)) return;
  throw new AppError('VALIDATION_ERR', {
    message: 'Webhooks may not go to this machine or its private network',
    issues: [{ path: 'url', message: VALIDATION_KEYS.WEBHOOK_URL_VALIDATE }],
  });
}

/**
 * Why a webhook must not be sent to `url` now, or null: its host resolves to a private address
 * (checked at every send, since a name's address can change after it was saved). The POST
 * resolves the name again, so a name that flips between lookups is not fully stopped here; a
 * proxy that pins the address would be.
 */
export async function refusedTarget(url: string, allowPrivate: boolean): Promise<string | null> {
  if (allowPrivate) return null;
  const { hostname } = new URL(url);
  if (namesPrivateHost(url)) return 'The address is on this machine or its private network';
  if (isIP(hostname.replace(/^\[|\]$/g, ''))) return null;
  const addresses = await lookup(hostname, { all: true }).catch(() => []);
  return addresses.some((entry) => isPrivateAddress(entry.address))
    ? 'The address resolves to this machine or its private network'
    : null;
}
