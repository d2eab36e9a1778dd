import { describe, expect, it, vi } from 'vitest';
import { coalescedRun } from './coalesced-run';

describe('coalescedRun', () => {
  it('runs once at a time, and once more for any number of kicks during a run', async () => {
    let release: () => void = () => undefined;
    const run = vi.fn(
      () =>
        new Promise<number>((resolve) => {
          release = () => resolve(run.mock.calls.length);
        }),
    );
    const runner = coalescedRun(run, { empty: 0, onError: () => undefined });
    const first = runner.kick();
    void runner.kick();
    void runner.kick();
    expect(run).toHaveBeenCalledTimes(1);
    release();
    expect(await first).toBe(1);
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(2));
    release();
    await runner.idle();
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('reports a failed run and answers the empty result', async () => {
    const onError = vi.fn();
    const runner = coalescedRun(() => Promise.reject(new Error('down')), { empty: -1, onError });
    expect(await runner.kick()).toBe(-1);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'down' }));
  });
});
