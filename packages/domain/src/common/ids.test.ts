import { describe, expect, it } from 'vitest';
import { idSchema, makeRandomId } from './ids';

/** A deterministic random source cycling through the given values. */
function sequence(...values: number[]): () => number {
  let i = 0;
  return () => values[i++ % values.length] ?? 0;
}

describe('makeRandomId', () => {
  it('is 6 letters and digits', () => {
    for (let i = 0; i < 200; i += 1) expect(makeRandomId()).toMatch(/^[A-Za-z0-9]{6}$/u);
  });

  it('maps the random source onto the alphabet, including its edges', () => {
    expect(makeRandomId(() => 0)).toBe('AAAAAA');
    expect(makeRandomId(() => 0.999999)).toBe('999999');
    // A random() of exactly 1 must not index past the alphabet.
    expect(makeRandomId(() => 1)).toBe('999999');
    expect(makeRandomId(sequence(0, 26 / 62, 52 / 62))).toBe('Aa0Aa0');
  });

  it('varies between calls', () => {
    const ids = new Set(Array.from({ length: 50 }, () => makeRandomId()));
    expect(ids.size).toBeGreaterThan(45);
  });
});

describe('idSchema', () => {
  it.each([
    ['abc', true],
    ['  abc ', true],
    ['', false],
    ['   ', false],
    [12, false],
  ])('%j valid: %s', (value, ok) => {
    expect(idSchema.safeParse(value).success).toBe(ok);
  });
});
