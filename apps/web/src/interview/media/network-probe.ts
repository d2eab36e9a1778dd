import { isNetworkUnstable, UPLINK_PROBE_BYTES } from '@candid/domain';

/** The connectivity probe's target: the favicon, never cached thanks to a timestamp. */
export const NETWORK_PROBE_PATH = '/favicon.ico';

/** Throughput in megabits per second: bytes × 8 / seconds / 10⁶. */
export function computeMbps(bytes: number, elapsedMs: number): number {
  if (bytes <= 0) return 0;
  const seconds = Math.max(elapsedMs, 1) / 1000;
  return (bytes * 8) / seconds / 1e6;
}

export type NetworkProbeResult =
  { status: 'offline' } | { status: 'stable' | 'unstable'; mbps: number };

/**
 * Times one GET of `/favicon.ico?t=<timestamp>` ("Connectivity probe"): below 0.06 Mbps
 * the connection is unstable; no answer at all, or the browser being offline, is no network.
 */
export async function probeNetwork({
  fetchFn = fetch,
  now = () => performance.now(),
  isOnline = () => navigator.onLine,
  timestamp = Date.now(),
}: {
  fetchFn?: typeof fetch;
  now?: () => number;
  isOnline?: () => boolean;
  timestamp?: number;
} = {}): Promise<NetworkProbeResult> {
  if (!isOnline()) return { status: 'offline' };
  const started = now();
  try {
    const response = await fetchFn(`${NETWORK_PROBE_PATH}?t=${timestamp}`, { cache: 'no-store' });
    const bytes = (await response.arrayBuffer()).byteLength;
    const mbps = computeMbps(bytes, now() - started);
    return { status: isNetworkUnstable(mbps) ? 'unstable' : 'stable', mbps };
  } catch {
    return { status: 'offline' };
  }
}

/** Where the uplink probe sends its bytes (answered with their count, nothing kept). */
export const UPLINK_PROBE_PATH = '/api/health/uplink';

/**
 * Times sending {@link UPLINK_PROBE_BYTES} to the server: the candidate's uplink in
 * Mbps, which the recorder's bitrate follows; null when the probe fails (the recorder then keeps
 * the browser's own bitrate). Random bytes, so nothing on the way can compress them.
 */
export async function probeUplink({
  fetchFn = fetch,
  now = () => performance.now(),
}: { fetchFn?: typeof fetch; now?: () => number } = {}): Promise<number | null> {
  const body = new Uint8Array(UPLINK_PROBE_BYTES);
  // getRandomValues fills at most 65,536 bytes per call.
  for (let offset = 0; offset < body.length; offset += 65_536) {
    crypto.getRandomValues(body.subarray(offset, Math.min(offset + 65_536, body.length)));
  }
  const started = now();
  try {
    const response = await fetchFn(UPLINK_PROBE_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body,
      cache: 'no-store',
    });
    if (!response.ok) return null;
    await response.arrayBuffer();
    return computeMbps(UPLINK_PROBE_BYTES, now() - started);
  } catch {
    return null;
  }
}
