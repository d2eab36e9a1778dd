import { describe, expect, it } from 'vitest';
import {
  ACCENT_SHADE,
  accentContrast,
  accentPalette,
  contrastRatio,
  formatContrast,
  isReadableAccent,
  relativeLuminance,
} from './colour';

describe('relativeLuminance', () => {
  it.each([
    ['#000000', 0],
    ['#ffffff', 1],
    ['#FFFFFF', 1],
    // sRGB 0x80 is 0.2158605 linear (WCAG's formula).
    ['#808080', 0.2158605],
    ['#ff0000', 0.2126],
    ['#00ff00', 0.7152],
    ['#0000ff', 0.0722],
  ])('%s is %f', (hex, luminance) => {
    expect(relativeLuminance(hex)).toBeCloseTo(luminance, 6);
  });
});

describe('contrastRatio', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    // Known pairs from WebAIM's checker.
    ['#767676', '#ffffff', 4.54],
    ['#777777', '#ffffff', 4.48],
    ['#4263eb', '#ffffff', 4.98],
    ['#ff0000', '#ffffff', 4.0],
  ])('%s on %s is %f:1', (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 2);
    // The order of the two colours does not matter.
    expect(contrastRatio(b, a)).toBeCloseTo(ratio, 2);
  });
});

describe('isReadableAccent', () => {
  it.each([
    ['#767676', true],
    ['#777777', false],
    ['#1d4ed8', true],
    ['#0F766E', true],
    ['#ffcc00', false],
    ['#4263eb', true],
    ['#fff', false],
    ['1d4ed8', false],
    ['#1d4ed8 ', false],
    ['#gggggg', false],
  ])('%s: %s', (hex, readable) => {
    expect(isReadableAccent(hex)).toBe(readable);
  });

  it('measures against white', () => {
    expect(accentContrast('#000000')).toBe(21);
  });
});

describe('formatContrast', () => {
  it('rounds down to two decimals, so a refused colour never reads 4.50', () => {
    expect(formatContrast(4.4999)).toBe('4.49');
    expect(formatContrast(4.5)).toBe('4.50');
    expect(formatContrast(21)).toBe('21.00');
  });
});

describe('accentPalette', () => {
  it('has ten shades with the accent itself, lower-cased, at the primary shade', () => {
    const palette = accentPalette('#1D4ED8');
    expect(palette).toHaveLength(10);
    expect(palette[ACCENT_SHADE]).toBe('#1d4ed8');
    for (const shade of palette) expect(shade).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('runs from light to dark', () => {
    for (const accent of ['#1d4ed8', '#0f766e', '#b91c1c', '#767676', '#000000']) {
      const luminances = accentPalette(accent).map(relativeLuminance);
      for (let index = 1; index < luminances.length; index += 1) {
        expect(luminances[index]!, `${accent} shade ${index}`).toBeLessThanOrEqual(
          luminances[index - 1]!,
        );
      }
      // The lightest is a pale tint a dark label reads on; the darkest is darker than the accent.
      expect(contrastRatio(accentPalette(accent)[0]!, '#000000')).toBeGreaterThan(15);
    }
  });

  it('keeps the darker shades readable with white when the accent is', () => {
    const palette = accentPalette('#767676');
    for (const shade of palette.slice(ACCENT_SHADE)) {
      expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
  });
});
