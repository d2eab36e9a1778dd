import { BREAKPOINTS, contrastRatio, PRIMARY_COLOR } from '@candid/domain';
import { DEFAULT_THEME, em, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import postcssConfigSource from '../../../postcss.config.cjs?raw';
import { cssVariablesResolver, theme, THEME_BREAKPOINTS } from './theme';

/** The `mantine-breakpoint-*` variables postcss.config.cjs defines. */
const postcssBreakpoints = Object.fromEntries(
  [...postcssConfigSource.matchAll(/'mantine-breakpoint-(\w+)':\s*'([^']+)'/g)].map((m) => [
    m[1],
    m[2],
  ]),
);

describe('breakpoints', () => {
  it('follow the product breakpoints', () => {
    expect(THEME_BREAKPOINTS).toMatchObject({
      sm: em(BREAKPOINTS.sm),
      md: em(BREAKPOINTS.md),
      lg: em(BREAKPOINTS.lg),
    });
  });

  it('are the same in the PostCSS variables for CSS modules', () => {
    expect(postcssBreakpoints).toEqual(THEME_BREAKPOINTS);
  });
});

describe('colour tokens (WCAG 2.2 AA, 4.5:1)', () => {
  const resolved = cssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme)) as {
    light: Record<string, string>;
  };
  const surfaces = ['#ffffff', DEFAULT_THEME.colors.gray[0]];

  it.each(Object.keys(DEFAULT_THEME.colors).filter((name) => name !== 'dark'))(
    '%s: coloured text and white labels on filled controls read on every surface',
    (name) => {
      const text = resolved.light[`--mantine-color-${name}-text`] ?? '';
      const filled = resolved.light[`--mantine-color-${name}-filled`] ?? '';
      for (const surface of surfaces)
        expect(contrastRatio(text, surface)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(filled, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      // The light variant's label on its tint and on the darker tint under the pointer.
      const onTint = resolved.light[`--mantine-color-${name}-light-color`] ?? '';
      for (const tint of [1, 2].map((shade) => DEFAULT_THEME.colors[name]?.[shade] ?? ''))
        expect(contrastRatio(onTint, tint)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('labels on filled controls stay white (the filled colours are made for white)', () => {
    // With autoContrast Mantine would put black on a "light" colour such as yellow, whose
    // filled shade the resolver has darkened (black on #ad5900 is 4.2:1).
    expect(theme.autoContrast).toBe(false);
  });

  it('dimmed text, links and errors read on white and on gray.0', () => {
    for (const token of [
      '--mantine-color-dimmed',
      '--mantine-color-anchor',
      '--mantine-color-error',
    ]) {
      for (const surface of surfaces)
        expect(contrastRatio(resolved.light[token] ?? '', surface)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps the palette where it already reads: indigo text is indigo.7', () => {
    expect(resolved.light['--mantine-color-indigo-text']).toBe(DEFAULT_THEME.colors.indigo[7]);
    expect(resolved.light['--mantine-color-dimmed']).toBe(DEFAULT_THEME.colors.gray[7]);
  });

  it("the e-mails' accent colour is the app's filled primary colour", () => {
    const primary = mergeMantineTheme(DEFAULT_THEME, theme).primaryColor;
    expect(resolved.light[`--mantine-color-${primary}-filled`]).toBe(PRIMARY_COLOR);
  });
});
