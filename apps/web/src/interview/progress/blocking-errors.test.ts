import { describe, expect, it } from 'vitest';
import {
  createSilenceWatch,
  firstBlockingError,
  MIC_SILENT_BLOCK_AFTER_MS,
  reactToBlock,
  reactToClear,
  type BlockingCause,
} from './blocking-errors';

describe('firstBlockingError', () => {
  it.each<[BlockingCause[], BlockingCause | null]>([
    [[], null],
    [['MIC_LOW_VOLUME'], 'MIC_LOW_VOLUME'],
    [['MIC_LOW_VOLUME', 'NO_NETWORK'], 'NO_NETWORK'],
    [['NO_NETWORK', 'CAMERA_NOT_FOUND'], 'CAMERA_NOT_FOUND'],
    [['DENIED_SCREEN_ACCESS', 'MIC_NOT_FOUND'], 'MIC_NOT_FOUND'],
  ])('%j shows %s', (active, shown) => {
    expect(firstBlockingError(active)).toBe(shown);
  });
});

describe('a take under a blocking error', () => {
  it.each<[BlockingCause, 'pause' | 'cutOff']>([
    ['NO_NETWORK', 'pause'],
    ['MIC_LOW_VOLUME', 'pause'],
    ['CAMERA_NOT_FOUND', 'cutOff'],
    ['MIC_NOT_FOUND', 'cutOff'],
    ['DENIED_SCREEN_ACCESS', 'cutOff'],
  ])('%s: the recorders %s', (cause, reaction) => {
    expect(reactToBlock(cause)).toBe(reaction);
  });

  it.each<[BlockingCause, boolean, 'restart' | 'continue' | 'keep']>([
    ['CAMERA_NOT_FOUND', false, 'restart'],
    ['DENIED_SCREEN_ACCESS', false, 'restart'],
    ['CAMERA_NOT_FOUND', true, 'continue'],
    ['MIC_NOT_FOUND', true, 'continue'],
    ['DENIED_SCREEN_ACCESS', true, 'keep'],
  ])('cut off by %s, one-try %s: %s once it clears', (cause, isOneTry, plan) => {
    expect(reactToClear(cause, isOneTry)).toBe(plan);
  });
});

describe('createSilenceWatch', () => {
  it('is silent only after a whole stretch of nothing, and heard again at once', () => {
    const watch = createSilenceWatch();
    expect(watch.read(0, 0)).toBe(false);
    expect(watch.read(0, MIC_SILENT_BLOCK_AFTER_MS - 1)).toBe(false);
    expect(watch.read(0, MIC_SILENT_BLOCK_AFTER_MS)).toBe(true);
    expect(watch.read(0.02, MIC_SILENT_BLOCK_AFTER_MS + 250)).toBe(false);
    // A quiet room (a real microphone's noise) never counts as silent.
    for (let at = 0; at <= 3 * MIC_SILENT_BLOCK_AFTER_MS; at += 250) {
      expect(watch.read(0.002, MIC_SILENT_BLOCK_AFTER_MS + 500 + at)).toBe(false);
    }
  });
});
