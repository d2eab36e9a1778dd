import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeMedia, installFakeMedia } from './fake-media';
import {
  clampSeekTime,
  DURATION_PROBE_TIMEOUT_MS,
  probeDuration,
  readBufferedRatio,
  readElementDuration,
  readKnownDuration,
} from './media-duration';

describe('readElementDuration and readKnownDuration', () => {
  it.each([
    [12.5, 12.5],
    [Infinity, null],
    [Number.NaN, null],
    [0, null],
  ])('element duration %s → %s', (duration, expected) => {
    expect(readElementDuration({ duration })).toBe(expected);
  });

  it.each([
    [30, 30],
    [null, null],
    [undefined, null],
    [0, null],
    [Infinity, null],
  ])('server duration %s → %s', (seconds, expected) => {
    expect(readKnownDuration(seconds)).toBe(expected);
  });
});

describe('probeDuration', () => {
  beforeEach(() => installFakeMedia());
  afterEach(() => vi.useRealTimers());

  it('seeks past the end, learns the duration from durationchange, then returns to the start', async () => {
    const video = document.createElement('video');
    const media = fakeMedia(video);
    media.duration = Infinity;
    const result = probeDuration(video, {
      returnToSec: 0.1,
      signal: new AbortController().signal,
    });
    expect(media.seeks).toEqual([Number.MAX_SAFE_INTEGER]);
    media.duration = 13.6;
    video.dispatchEvent(new Event('durationchange'));
    await expect(result).resolves.toBe(13.6);
    expect(media.seeks.at(-1)).toBe(0.1);
    expect(media.currentTime).toBe(0.1);
  });

  it('ignores duration changes that are still infinite', async () => {
    const video = document.createElement('video');
    const media = fakeMedia(video);
    media.duration = Infinity;
    const result = probeDuration(video, { returnToSec: 0.1, signal: new AbortController().signal });
    video.dispatchEvent(new Event('durationchange'));
    media.duration = 8;
    video.dispatchEvent(new Event('timeupdate'));
    await expect(result).resolves.toBe(8);
  });

  it('answers at once when the element already knows its duration', async () => {
    const video = document.createElement('video');
    fakeMedia(video).duration = 40;
    await expect(
      probeDuration(video, { returnToSec: 0.1, signal: new AbortController().signal }),
    ).resolves.toBe(40);
    expect(fakeMedia(video).seeks).toEqual([]);
  });

  it('resolves null when aborted (a new answer) and stops listening', async () => {
    const video = document.createElement('video');
    const media = fakeMedia(video);
    media.duration = Infinity;
    const controller = new AbortController();
    const result = probeDuration(video, { returnToSec: 0.1, signal: controller.signal });
    controller.abort();
    await expect(result).resolves.toBeNull();
    media.duration = 5;
    video.dispatchEvent(new Event('durationchange'));
    expect(media.seeks).toEqual([Number.MAX_SAFE_INTEGER]);
  });

  it('gives up after the timeout and goes back to the start', async () => {
    vi.useFakeTimers();
    const video = document.createElement('video');
    const media = fakeMedia(video);
    media.duration = Infinity;
    const result = probeDuration(video, { returnToSec: 0.1, signal: new AbortController().signal });
    vi.advanceTimersByTime(DURATION_PROBE_TIMEOUT_MS);
    await expect(result).resolves.toBeNull();
    expect(media.seeks.at(-1)).toBe(0.1);
  });
});

describe('readBufferedRatio', () => {
  it('is the furthest buffered point over the duration', () => {
    const ranges = (ends: number[]) => ({
      buffered: {
        length: ends.length,
        start: () => 0,
        end: (i: number) => ends[i] ?? 0,
      } as TimeRanges,
    });
    expect(readBufferedRatio(ranges([10, 30]), 60)).toBe(0.5);
    expect(readBufferedRatio(ranges([]), 60)).toBe(0);
    expect(readBufferedRatio(ranges([61]), 60)).toBe(1);
    expect(readBufferedRatio(ranges([10]), 0)).toBe(0);
  });
});

describe('clampSeekTime', () => {
  it.each([
    [30, 60, 30],
    [90, 60, 60],
    [-5, 60, 0],
    [Number.NaN, 60, 0],
    [90, 0, 90],
  ])('%s s in a %s s video → %s', (seconds, duration, expected) => {
    expect(clampSeekTime(seconds, duration)).toBe(expected);
  });
});
