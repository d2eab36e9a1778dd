import { AUDIO_READY_LEVEL, isAudioReady } from '@candid/domain';
import { describe, expect, it } from 'vitest';
import { computeRms } from './audio-level';

describe('computeRms', () => {
  it('is 0 for silence and for no samples', () => {
    expect(computeRms(new Float32Array(256))).toBe(0);
    expect(computeRms([])).toBe(0);
  });
  it('is the amplitude for a square wave and amplitude/√2 for a sine', () => {
    expect(computeRms([0.5, -0.5, 0.5, -0.5])).toBeCloseTo(0.5);
    const sine = Array.from({ length: 1000 }, (_, i) => 0.4 * Math.sin((2 * Math.PI * i) / 100));
    expect(computeRms(sine)).toBeCloseTo(0.4 / Math.SQRT2, 3);
  });
  it('speech-like levels pass the ready threshold, a whisper does not', () => {
    expect(isAudioReady(computeRms([0.3, -0.3]))).toBe(true);
    expect(isAudioReady(computeRms([AUDIO_READY_LEVEL, -AUDIO_READY_LEVEL]))).toBe(false);
  });
});
