import { describe, expect, it } from 'vitest';
import { UPLINK_PROBE_BYTES } from '@candid/domain';
import { computeMbps, probeNetwork, probeUplink } from './network-probe';

describe('computeMbps', () => {
  it('is bytes × 8 / seconds / 10⁶', () => {
    expect(computeMbps(125_000, 1000)).toBeCloseTo(1);
    expect(computeMbps(15_000, 2000)).toBeCloseTo(0.06);
    expect(computeMbps(0, 100)).toBe(0);
  });
});

describe('probeNetwork', () => {
  const answer = (bytes: number) =>
    (async () => new Response(new Uint8Array(bytes))) as unknown as typeof fetch;

  it('times a GET of the favicon with a timestamp query', async () => {
    const urls: string[] = [];
    let clock = 0;
    const result = await probeNetwork({
      fetchFn: (async (url: string) => {
        urls.push(url);
        clock = 100;
        return new Response(new Uint8Array(12_500));
      }) as unknown as typeof fetch,
      now: () => clock,
      isOnline: () => true,
      timestamp: 42,
    });
    expect(urls).toEqual(['/favicon.ico?t=42']);
    expect(result).toEqual({ status: 'stable', mbps: 1 });
  });

  it('is unstable below 0.06 Mbps', async () => {
    let clock = 0;
    const result = await probeNetwork({
      fetchFn: (async () => {
        clock = 1000;
        return new Response(new Uint8Array(5000));
      }) as unknown as typeof fetch,
      now: () => clock,
      isOnline: () => true,
    });
    expect(result.status).toBe('unstable');
  });

  it('is offline when the browser is offline or the request fails', async () => {
    expect(await probeNetwork({ fetchFn: answer(1), isOnline: () => false })).toEqual({
      status: 'offline',
    });
    const failing = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await probeNetwork({ fetchFn: failing, isOnline: () => true })).toEqual({
      status: 'offline',
    });
  });
});

describe('probeUplink', () => {
  it('times posting the probe bytes, random so nothing compresses them, and gives Mbps', async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const fetchFn = (async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ bytes: UPLINK_PROBE_BYTES }), { status: 200 });
    }) as unknown as typeof fetch;
    let clock = 0;
    const now = () => {
      clock += 500;
      return clock;
    };
    const mbps = await probeUplink({ fetchFn, now });
    // 262,144 bytes in 500 ms: 4.19 Mbps.
    expect(mbps).toBeCloseTo((UPLINK_PROBE_BYTES * 8) / 0.5 / 1e6, 5);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/health/uplink');
    expect(calls[0]!.init?.method).toBe('POST');
    const body = calls[0]!.init?.body as Uint8Array;
    expect(body.byteLength).toBe(UPLINK_PROBE_BYTES);
    expect(new Set(body.subarray(0, 4096)).size).toBeGreaterThan(200);
    expect(new Set(body.subarray(UPLINK_PROBE_BYTES - 4096)).size).toBeGreaterThan(200);
  });

  it('is null when the probe fails, so the recorder keeps its own bitrate', async () => {
    const refused = (async () => new Response('', { status: 429 })) as unknown as typeof fetch;
    expect(await probeUplink({ fetchFn: refused })).toBeNull();
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await probeUplink({ fetchFn: offline })).toBeNull();
  });
});
