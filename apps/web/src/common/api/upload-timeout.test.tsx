import { SINGLE_FILE_UPLOAD_TIMEOUT_MS } from '@candid/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UploadTimeoutError, withUploadTimeout } from './upload-timeout';

afterEach(() => {
  vi.useRealTimers();
});

describe('single-file uploads', () => {
  it('give up after 60,000 ms, aborting the request', async () => {
    vi.useFakeTimers();
    expect(SINGLE_FILE_UPLOAD_TIMEOUT_MS).toBe(60_000);
    let seen: AbortSignal | undefined;
    const upload = withUploadTimeout((signal) => {
      seen = signal;
      return new Promise<never>(() => {});
    });
    const settled = vi.fn();
    upload.catch(settled);
    await vi.advanceTimersByTimeAsync(SINGLE_FILE_UPLOAD_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled.mock.calls[0]?.[0]).toBeInstanceOf(UploadTimeoutError);
    expect(seen?.aborted).toBe(true);
  });
});
