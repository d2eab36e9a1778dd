import { describe, expect, it } from 'vitest';
import { computeMbps, probeNetwork } from './network-probe';

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
