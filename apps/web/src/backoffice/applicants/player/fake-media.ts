import { fireEvent } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Test double of the media element for jsdom, which has no playback: per element, a duration,
 * position, paused flag and buffered end that tests set, and play()/pause() that change the
 * flag and fire the events a browser fires (seeking to a position fires `seeking` and `seeked`). Spies on the prototype, so `restoreMocks` undoes it.
 */
export interface FakeMediaState {
  duration: number;
  currentTime: number;
  paused: boolean;
  readyState: number;
  /** End of the single buffered range in seconds (0: nothing buffered). */
  bufferedEnd: number;
  /** Every value assigned to `currentTime`, in order. */
  seeks: number[];
}

const states = new WeakMap<HTMLMediaElement, FakeMediaState>();

/** The fake state of `element` (created with an unknown duration on first use). */
export function fakeMedia(element: HTMLMediaElement): FakeMediaState {
  let state = states.get(element);
  if (!state) {
    state = {
      duration: Number.NaN,
      currentTime: 0,
      paused: true,
      readyState: HTMLMediaElement.HAVE_ENOUGH_DATA,
      bufferedEnd: 0,
      seeks: [],
    };
    states.set(element, state);
  }
  return state;
}

export function installFakeMedia(): void {
  const proto = HTMLMediaElement.prototype;
  vi.spyOn(proto, 'duration', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return fakeMedia(this).duration;
  });
  vi.spyOn(proto, 'currentTime', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return fakeMedia(this).currentTime;
  });
  vi.spyOn(proto, 'currentTime', 'set').mockImplementation(function (
    this: HTMLMediaElement,
    value: number,
  ) {
    const state = fakeMedia(this);
    state.seeks.push(value);
    state.currentTime = Number.isFinite(state.duration) ? Math.min(value, state.duration) : value;
    // A browser seeks asynchronously; at once is close enough for the player's listeners.
    fireEvent.seeking(this);
    fireEvent.seeked(this);
  });
  vi.spyOn(proto, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return fakeMedia(this).paused;
  });
  vi.spyOn(proto, 'readyState', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return fakeMedia(this).readyState;
  });
  vi.spyOn(proto, 'buffered', 'get').mockImplementation(function (this: HTMLMediaElement) {
    const end = fakeMedia(this).bufferedEnd;
    return {
      length: end > 0 ? 1 : 0,
      start: () => 0,
      end: () => end,
    } as TimeRanges;
  });
  vi.spyOn(proto, 'play').mockImplementation(function (this: HTMLMediaElement) {
    const state = fakeMedia(this);
    if (state.paused) {
      state.paused = false;
      fireEvent.play(this);
      fireEvent.playing(this);
    }
    return Promise.resolve();
  });
  vi.spyOn(proto, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    const state = fakeMedia(this);
    if (!state.paused) {
      state.paused = true;
      fireEvent.pause(this);
    }
  });
  vi.spyOn(proto, 'load').mockImplementation(() => {});
}

/** `element` loads with `duration` (Infinity for a MediaRecorder webm) and can play. */
export function loadFakeMedia(element: HTMLMediaElement, duration: number): void {
  fakeMedia(element).duration = duration;
  fireEvent.loadedMetadata(element);
  fireEvent.canPlay(element);
}
