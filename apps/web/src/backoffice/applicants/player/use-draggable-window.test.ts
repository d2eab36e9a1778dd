import { describe, expect, it } from 'vitest';
import { clampOffset, moveOffset } from './use-draggable-window';

const BOUNDS = { width: 800, height: 450 };
const WINDOW = { width: 200, height: 150 };

describe('moveOffset', () => {
  it('moving right brings the window towards the right edge in both directions', () => {
    const start = { inlineEnd: 100, top: 50 };
    // English: the inline end is the right edge, so the distance to it shrinks.
    expect(moveOffset(start, 30, 10, 'ltr')).toEqual({ inlineEnd: 70, top: 60 });
    // Hebrew: the inline end is the left edge, so the distance to it grows.
    expect(moveOffset(start, 30, -10, 'rtl')).toEqual({ inlineEnd: 130, top: 40 });
  });
});

describe('clampOffset', () => {
  it('keeps the whole window inside the player', () => {
    expect(clampOffset({ inlineEnd: -40, top: -5 }, BOUNDS, WINDOW)).toEqual({
      inlineEnd: 0,
      top: 0,
    });
    expect(clampOffset({ inlineEnd: 900, top: 400 }, BOUNDS, WINDOW)).toEqual({
      inlineEnd: 600,
      top: 300,
    });
    expect(clampOffset({ inlineEnd: 120, top: 80 }, BOUNDS, WINDOW)).toEqual({
      inlineEnd: 120,
      top: 80,
    });
  });

  it('pins the window to the corner when the player is smaller than the window', () => {
    expect(clampOffset({ inlineEnd: 50, top: 50 }, { width: 150, height: 100 }, WINDOW)).toEqual({
      inlineEnd: 0,
      top: 0,
    });
  });
});
