import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { ApiClient } from '../api/api-client';
import { createFakeApiClient } from './render-with-providers';

/** An API whose first upload stalls (never answers) and whose next one answers `answer`. */
export function stallingApi(answer: unknown) {
  const signals: AbortSignal[] = [];
  const api = createFakeApiClient();
  const post = vi.fn((_path: string, _body?: unknown, options?: { signal?: AbortSignal }) => {
    if (options?.signal) signals.push(options.signal);
    return post.mock.calls.length === 1 ? new Promise(() => {}) : Promise.resolve(answer);
  });
  return { api: { ...api, post: post as ApiClient['post'] }, post, signals };
}

/** Moves fake time on by `ms`, then lets what the query library schedules after it run. */
export async function waitPastTimeout(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    await vi.advanceTimersByTimeAsync(50);
  });
}

/** A small PNG file to upload. */
export const pngFile = () =>
  new File([new Uint8Array([137, 80, 78, 71])], 'photo.png', { type: 'image/png' });
