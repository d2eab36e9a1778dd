import { describe, expect, it } from 'vitest';
import { exponentialDelay, linearDelay, StopRetrying, withRetry } from './with-retry';

function recorder() {
  const delays: number[] = [];
  return { delays, sleep: async (ms: number) => void delays.push(ms) };
}

describe('withRetry', () => {
  it('retries a failing task with the given waits until it succeeds', async () => {
    const { delays, sleep } = recorder();
    let tries = 0;
    const result = await withRetry(
      async (attempt) => {
        tries += 1;
        if (attempt < 3) throw new Error('not yet');
        return 'done';
      },
      { retries: 5, delayMs: linearDelay(2000), sleep },
    );
    expect(result).toBe('done');
    expect(tries).toBe(3);
    expect(delays).toEqual([2000, 4000]);
  });

  it('rejects with the last error once the retries run out, without a wait after it', async () => {
    const { delays, sleep } = recorder();
    let tries = 0;
    const failing = withRetry(
      async () => {
        tries += 1;
        throw new Error(`try ${tries}`);
      },
      { retries: 2, delayMs: exponentialDelay(500, 800), sleep },
    );
    await expect(failing).rejects.toThrow('try 3');
    expect(delays).toEqual([500, 800]);
  });

  it('gives up at once when shouldRetry says no, or with the reason of StopRetrying', async () => {
    const { delays, sleep } = recorder();
    const refused = withRetry(
      async () => {
        throw new Error('400');
      },
      { retries: 5, delayMs: () => 1, sleep, shouldRetry: (error) => error.message !== '400' },
    );
    await expect(refused).rejects.toThrow('400');
    const reason = { not: 'an error' };
    const stopped = withRetry(
      async () => {
        throw new StopRetrying(reason);
      },
      { retries: 5, delayMs: () => 1, sleep },
    );
    await expect(stopped).rejects.toBe(reason);
    expect(delays).toEqual([]);
  });

  it('stops when the signal aborts during a wait', async () => {
    const controller = new AbortController();
    const sleep = async () => controller.abort(new Error('left the page'));
    let tries = 0;
    const aborted = withRetry(
      async () => {
        tries += 1;
        throw new Error('down');
      },
      { retries: 5, delayMs: () => 1000, sleep, signal: controller.signal },
    );
    await expect(aborted).rejects.toThrow('left the page');
    expect(tries).toBe(1);
  });
});
