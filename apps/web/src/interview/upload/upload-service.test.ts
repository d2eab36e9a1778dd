import { afterEach, describe, expect, it, vi } from 'vitest';
import { sleepUntilOnline } from './upload-service';

afterEach(() => {
  vi.useRealTimers();
});

describe('sleepUntilOnline', () => {
  it('waits its time when nothing happens', async () => {
    vi.useFakeTimers();
    let isDone = false;
    const waiting = sleepUntilOnline(30_000).then(() => {
      isDone = true;
    });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(isDone).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(isDone).toBe(true);
  });

  it("ends at the browser's online event, long before its time", async () => {
    vi.useFakeTimers();
    let isDone = false;
    const waiting = sleepUntilOnline(30_000).then(() => {
      isDone = true;
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(isDone).toBe(false);
    window.dispatchEvent(new Event('online'));
    await waiting;
    expect(isDone).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
